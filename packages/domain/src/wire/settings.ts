/*
 * Wire contract of the runtime settings (GET /settings, an addition to API.md listed in
 * docs/api.md): what the web app reads at load, so one build serves every environment. No secrets.
 * The API documents its route with this schema; the web imports the type only.
 */
import { z } from 'zod';

/** GET /settings */
export const runtimeSettings = z.object({
  environment: z.enum(['development', 'test', 'production']),
  amplitude_api_key: z.string().nullable(),
  amplitude_server_url: z.string().nullable(),
  google_client_id: z.string().nullable(),
  contact_chat_url: z.string().nullable(),
  outbox_enabled: z.boolean(),
  marketplace_sandbox: z.boolean(),
});
export type RuntimeSettings = z.output<typeof runtimeSettings>;
