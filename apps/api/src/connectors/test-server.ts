/**
 * A throwaway local HTTP server for connector tests: the marketplace is faked at the network edge
 * so the connector's real fetch code runs. Every request is recorded (method, path, query, headers,
 * body) before the handler sees it, so tests can assert what the connector sent.
 *
 *   const server = await startTestServer((req, res) => sendJson(res, 200, { ok: true }));
 *   await connector.verify(credentials, { baseUrl: server.url, retries: 1 });
 *   expect(server.requests[0].headers['user-agent']).toBe('…');
 *   await server.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/integration/sellers/1/addresses`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names, as node gives them. */
  headers: IncomingMessage['headers'];
  /** Raw body text ('' when none). */
  body: string;
}

/** The request handed to a handler: node's request plus the parsed, already-read parts. */
export type TestRequest = IncomingMessage & RecordedRequest;

export type TestHandler = (req: TestRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` — no trailing slash, usable as a connector baseUrl. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const testRequest = Object.assign(req, recorded) as TestRequest;
      Promise.resolve()
        .then(() => handler(testRequest, res))
        .catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: String(error) });
          else res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Closing twice (a test closes its server, the file's afterEach closes it again) is one close.
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      })),
  };
}

/** Answers with a JSON body (and extra headers, e.g. `retry-after`). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Answers with a text body (HTML error pages, SOAP envelopes …). */
export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}
