/** The part of Fastify's logger the queue core writes to. */
export interface CoreLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
