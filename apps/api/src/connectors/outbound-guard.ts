/**
 * The one door for calls to hosts a seller typed (Ideasoft `store_url`, Ticimax `store_domain`),
 * ARCHITECTURE.md §8. Checking the name is not enough: `shop.example` may resolve to 127.0.0.1 or
 * 169.254.169.254, and a second lookup at connect time may answer differently (DNS rebinding). So
 * this fetch resolves the name itself, refuses when ANY answer is not a public address, and
 * connects to exactly the address it checked (the socket's `lookup` returns it; the name still goes
 * into SNI, certificate check and Host). Redirects are never followed: a 3xx comes back as it is,
 * so the connector can tell the seller the canonical address. Replies are size- and time-limited.
 *
 * It is built on node:https rather than global fetch because fetch offers no way to pin the
 * connected address without an extra dependency.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ConnectorError } from './types.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundGuardOptions {
  /** Every address of a name (tests pass a stub; default node:dns lookup with `all`). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Largest reply body read, in bytes (default 4 MiB). */
  maxBytes?: number;
  /** Time for the whole exchange, in ms (default 20 s). */
  timeoutMs?: number;
  /** Which addresses may be connected to (default: public ones only). Tests widen it to loopback. */
  isAllowedAddress?: (address: string) => boolean;
  /** The request function (default https.request). Tests pass http.request to a loopback server. */
  transport?: (options: RequestOptions, callback: (response: IncomingMessage) => void) => ReturnType<typeof https.request>;
}

export const defaultMaxReplyBytes = 4 * 1024 * 1024;
const defaultTimeoutMs = 20_000;

/** Ranges no seller store lives in: loopback, private, link-local (metadata), CGNAT, reserved… */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses)
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds IPv4)
  ['fc00::', 7], // unique-local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`, `0:0:0:0:0:ffff:7f00:1` …).
 * The URL parser writes every spelling in one canonical form, `::ffff:7f00:1`.
 */
function mappedIpv4(address: string): string | undefined {
  const canonical = new URL(`http://[${address}]/`).hostname;
  const match = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
  if (!match?.[1] || !match[2]) return undefined;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True only for a unicast address on the public Internet (IPv4 or IPv6). */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(plain);
  if (version === 0) return false;
  if (version === 6) {
    const mapped = mappedIpv4(plain);
    if (mapped !== undefined) return isIP(mapped) === 4 && !blocked.check(mapped, 'ipv4');
    return !blocked.check(plain, 'ipv6');
  }
  return !blocked.check(plain, 'ipv4');
}

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** A call the guard refused: the seller's address is not one we may call. Never retried. */
export const refusedAddress = (detail: string) => new ConnectorError('bad_credentials', 'store_address_refused', detail);

/** Creates the guarded fetch; `guardedFetch` below is the production one. */
export function createGuardedFetch(options: OutboundGuardOptions = {}): typeof fetch {
  const resolve = options.resolve ?? defaultResolve;
  const maxBytes = options.maxBytes ?? defaultMaxReplyBytes;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const transport = options.transport ?? https.request;

  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'https:') throw refusedAddress(`only https is allowed: ${url.protocol}`);
    if (url.username || url.password) throw refusedAddress('credentials in the address are not allowed');
    // `metadata.google.internal.` is the same host as without the dot; compare and connect without it.
    const hostname = url.hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.+$/, '')
      .toLowerCase();
    if (!hostname) throw refusedAddress('empty host');

    let addresses: ResolvedAddress[];
    if (isIP(hostname)) {
      addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await resolve(hostname);
      } catch (error) {
        throw new ConnectorError('unavailable', 'marketplace_unavailable', `cannot resolve ${hostname}: ${String(error)}`);
      }
    }
    if (addresses.length === 0) throw new ConnectorError('unavailable', 'marketplace_unavailable', `no address for ${hostname}`);
    const refused = addresses.find((entry) => !allowed(entry.address));
    if (refused) throw refusedAddress(`${hostname} resolves to a non-public address ${refused.address}`);
    const pinned = addresses[0]!;
    const request = new Request(input, init);

    // The socket connects to the vetted address whatever a second lookup would answer.
    const pinnedLookup: LookupFunction = (_name, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };

    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host = url.port ? `${hostname}:${url.port}` : hostname;
    if (body) headers['content-length'] = String(body.length);

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    signal.throwIfAborted();

    return new Promise<Response>((resolvePromise, reject) => {
      const outgoing = transport(
        {
          host: hostname,
          ...(url.port ? { port: Number(url.port) } : {}),
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          lookup: pinnedLookup,
          // No pooled sockets: each call connects to the address vetted for it.
          agent: false,
          ...(isIP(hostname) ? {} : { servername: hostname }),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const declared = Number(incoming.headers['content-length']);
          if (Number.isFinite(declared) && declared > maxBytes) {
            incoming.destroy();
            reject(tooLarge(maxBytes));
            return;
          }
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              incoming.destroy();
              reject(tooLarge(maxBytes));
              return;
            }
            chunks.push(chunk);
          });
          incoming.on('error', reject);
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
              responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
            }
            const status = incoming.statusCode ?? 502;
            const noBody = [204, 205, 304].includes(status) || request.method === 'HEAD';
            try {
              resolvePromise(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      const abort = () => {
        outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal.addEventListener('abort', abort, { once: true });
      outgoing.on('close', () => signal.removeEventListener('abort', abort));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

const tooLarge = (maxBytes: number) => new ConnectorError('unexpected', 'marketplace_unexpected', `reply larger than ${maxBytes} bytes`);

/** The fetch of every live call to a seller-typed host (connectors/registry.ts). */
export const guardedFetch: typeof fetch = createGuardedFetch();
