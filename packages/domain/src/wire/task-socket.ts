/*
 * How the task socket (GET /websocket/ws/{request_id}, API.md "Background tasks") is opened. The
 * access token never goes into the address, where proxies and servers log it: the client offers two
 * WebSocket subprotocols, `worq.tasks.v1` and `bearer.<access token>`, and the server answers with
 * `worq.tasks.v1` only. A JWT's characters (letters, digits, `-`, `_`, `.`) are all allowed in a
 * subprotocol name. No imports: the web bundles this module as it is.
 */

/** The subprotocol the server selects; the client fails the handshake if it is not echoed. */
export const taskSocketProtocol = 'worq.tasks.v1';
/** The offered subprotocol that carries the access token after this prefix; never echoed. */
export const taskSocketTokenPrefix = 'bearer.';

/** The subprotocols a client offers for `token`. */
export function taskSocketProtocols(token: string): [string, string] {
  return [taskSocketProtocol, `${taskSocketTokenPrefix}${token}`];
}

/**
 * The access token from a `Sec-WebSocket-Protocol` request header: undefined unless the header
 * offers `worq.tasks.v1` and exactly one non-empty `bearer.` entry.
 */
export function tokenFromProtocolHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const offered = header.split(',').map((entry) => entry.trim());
  if (!offered.includes(taskSocketProtocol)) return undefined;
  const bearers = offered.filter((entry) => entry.startsWith(taskSocketTokenPrefix));
  if (bearers.length !== 1) return undefined;
  const token = bearers[0]!.slice(taskSocketTokenPrefix.length);
  return token === '' ? undefined : token;
}
