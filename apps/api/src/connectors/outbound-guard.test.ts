import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rejection } from './connector-test-kit.ts';
import { createGuardedFetch, isPublicAddress, type ResolvedAddress } from './outbound-guard.ts';

/** A DNS stub: every test answers from this table and no query leaves the machine. */
const stubResolver = (table: Record<string, string[]>) => {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
};

/** A transport that never connects: it records what it was asked and fails the request. */
function recordingTransport() {
  const calls: http.RequestOptions[] = [];
  const transport = ((options: http.RequestOptions) => {
    calls.push(options);
    const request = http.request({ host: '127.0.0.1', port: 9, agent: false });
    request.on('error', () => {});
    setImmediate(() => request.destroy(new Error('not connected in tests')));
    return request;
  }) as never;
  return { transport, calls };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function loopbackServer(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('guarded fetch', () => {
  it('refuses a name that resolves to loopback or to the metadata address', async () => {
    const dns = stubResolver({ 'evil.example': ['127.0.0.1'], 'meta.example': ['169.254.169.254'] });
    const { transport, calls } = recordingTransport();
    const guarded = createGuardedFetch({ resolve: dns.resolve, transport });
    expect((await rejection(guarded('https://evil.example/oauth/v2/token'))).messageKey).toBe('store_address_refused');
    expect((await rejection(guarded('https://meta.example/latest/meta-data/'))).messageKey).toBe('store_address_refused');
    expect(calls).toHaveLength(0);
  });

  it('refuses when any of the resolved addresses is private, IPv6 included', async () => {
    const dns = stubResolver({ 'mixed.example': ['93.184.216.34', 'fd00::1'], 'mapped.example': ['::ffff:10.0.0.1'] });
    const { transport, calls } = recordingTransport();
    const guarded = createGuardedFetch({ resolve: dns.resolve, transport });
    await rejection(guarded('https://mixed.example/'));
    await rejection(guarded('https://mapped.example/'));
    expect(calls).toHaveLength(0);
  });

  it('refuses plain http, address literals of private hosts and credentials in the address', async () => {
    const dns = stubResolver({ 'shop.example': ['93.184.216.34'] });
    const { transport, calls } = recordingTransport();
    const guarded = createGuardedFetch({ resolve: dns.resolve, transport });
    await rejection(guarded('http://shop.example/'));
    await rejection(guarded('https://127.0.0.1/'));
    await rejection(guarded('https://[::ffff:169.254.169.254]/'));
    await rejection(guarded('https://user:pw@shop.example/'));
    expect(calls).toHaveLength(0);
    expect(dns.asked).toEqual([]);
  });

  it('looks a trailing-dot name up without the dot, so it meets the same check', async () => {
    const dns = stubResolver({ 'metadata.google.internal': ['169.254.169.254'] });
    const guarded = createGuardedFetch({ resolve: dns.resolve, transport: recordingTransport().transport });
    await rejection(guarded('https://metadata.google.internal./computeMetadata/v1/'));
    expect(dns.asked).toEqual(['metadata.google.internal']);
  });

  it('connects to the address it checked, whatever a later lookup would say (no DNS rebinding)', async () => {
    let answers = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => {
      answers += 1;
      return [{ address: answers === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const { transport, calls } = recordingTransport();
    const guarded = createGuardedFetch({ resolve, transport });
    await guarded('https://rebind.example/path?x=1').catch(() => undefined);
    expect(answers).toBe(1);
    expect(calls).toHaveLength(1);
    const options = calls[0]!;
    expect(options).toMatchObject({ host: 'rebind.example', path: '/path?x=1', servername: 'rebind.example', agent: false });
    const lookup = options.lookup as LookupFunction;
    const single = await new Promise((done) => lookup('rebind.example', {}, (_error, address) => done(address)));
    const all = await new Promise((done) => lookup('rebind.example', { all: true }, (_error, addresses) => done(addresses)));
    expect(single).toBe('93.184.216.34');
    expect(all).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  describe('against a loopback server (loopback allowed for the test only)', () => {
    const loopbackGuard = (port: number, extra: Parameters<typeof createGuardedFetch>[0] = {}) =>
      createGuardedFetch({
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        isAllowedAddress: (address) => address === '127.0.0.1',
        transport: ((options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) =>
          http.request({ ...options, port }, callback)) as never,
        ...extra,
      });

    it('sends the request and hands the answer back', async () => {
      let seen: { method?: string; host?: string; body?: string } = {};
      const port = await loopbackServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          seen = { method: request.method, host: request.headers.host, body };
          response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      const answer = await loopbackGuard(port)('https://shop.example/oauth/v2/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ ok: true });
      expect(seen).toEqual({ method: 'POST', host: 'shop.example', body: 'grant_type=client_credentials' });
    });

    it('does not follow a redirect to an internal address: the 3xx comes back as it is', async () => {
      let hits = 0;
      const port = await loopbackServer((_request, response) => {
        hits += 1;
        response.writeHead(302, { location: 'http://127.0.0.1:2375/containers/json' }).end();
      });
      const answer = await loopbackGuard(port)('https://shop.example/admin-api/orders');
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('http://127.0.0.1:2375/containers/json');
      expect(hits).toBe(1);
    });

    it('stops reading a reply larger than the cap', async () => {
      const port = await loopbackServer((_request, response) => {
        response.writeHead(200);
        response.end(Buffer.alloc(64 * 1024, 'a'));
      });
      const error = await rejection(loopbackGuard(port, { maxBytes: 1024 })('https://shop.example/'));
      expect(error.detail).toContain('larger than 1024 bytes');
    });

    it('gives up on a host that does not answer in time', async () => {
      const port = await loopbackServer(() => {
        // never answers
      });
      const started = Date.now();
      await expect(loopbackGuard(port, { timeoutMs: 150 })('https://shop.example/')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});
