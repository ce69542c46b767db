/*
 * Wire contract of the health check (API.md Operations, GET /health): liveness and database
 * reachability, answered with 200 when everything is up and 503 when the database is not.
 */
import { z } from 'zod';

/** GET /health (200 and 503 alike) */
export const healthAnswer = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });
export type HealthAnswer = z.output<typeof healthAnswer>;
