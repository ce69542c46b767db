/**
 * What the sandbox tests share: one Fastify app with the sandboxes under test, listening on a free
 * local port for the tests of a file, the way the API serves them under /sandbox/{code}.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';

export interface SandboxApp {
  /** `http://127.0.0.1:<port>`, once the app listens (from the file's first test on). */
  readonly origin: string;
}

/** Starts the app before the file's tests (`register` adds the sandboxes) and closes it after them. */
export function useSandboxApp(register: (app: FastifyInstance) => PromiseLike<unknown>): SandboxApp {
  const app = Fastify();
  let origin: string | undefined;
  beforeAll(async () => {
    await register(app);
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());
  return {
    get origin() {
      if (origin === undefined) throw new Error('the sandbox app is not listening yet');
      return origin;
    },
  };
}
