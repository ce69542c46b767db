import type { RuntimeSettings } from '../runtime-settings.ts';

/** The server's runtime settings for tests: a test environment with every optional service off unless given. */
export function runtimeSettings(overrides: Partial<RuntimeSettings> = {}): RuntimeSettings {
  return {
    environment: 'test',
    amplitude_api_key: null,
    amplitude_server_url: null,
    google_client_id: null,
    contact_chat_url: null,
    outbox_enabled: false,
    marketplace_sandbox: false,
    ...overrides,
  };
}
