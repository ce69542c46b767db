/*
 * Runtime settings read from the server once at load (ARCHITECTURE.md): one build serves every
 * environment, so keys, the chat link and the development tools' switches are not baked in.
 */
import { useSyncExternalStore } from 'react';
import type { RuntimeSettings } from '@worq/domain/wire/settings';
import { getWithoutSession } from './http-client.ts';

export type { RuntimeSettings };

export type RuntimeSettingsState =
  { status: 'loading'; settings: null } | { status: 'ready'; settings: RuntimeSettings } | { status: 'error'; settings: null };

/** Relative to the client's base (`/api/v1`). */

let state: RuntimeSettingsState = { status: 'loading', settings: null };
let pending: Promise<RuntimeSettings | null> | null = null;
const listeners = new Set<() => void>();

function setState(next: RuntimeSettingsState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function isRuntimeSettings(value: unknown): value is RuntimeSettings {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.environment === 'string' &&
    typeof candidate.outbox_enabled === 'boolean' &&
    typeof candidate.marketplace_sandbox === 'boolean'
  );
}

/** Starts the single request (later calls share it) and resolves with the settings, or null on failure. */
export function loadRuntimeSettings(): Promise<RuntimeSettings | null> {
  if (pending) return pending;
  // The build's pre-render of the sign-in page (src/prerender) runs without a server to ask.
  if (typeof window === 'undefined') return Promise.resolve(null);
  // Through the one HTTP client's base host (§7); no session needed, so without the sending side.
  pending = getWithoutSession('GET /settings')
    .then((body) => {
      if (!isRuntimeSettings(body)) throw new Error('settings: unexpected shape');
      setState({ status: 'ready', settings: body });
      return body;
    })
    .catch((error: unknown) => {
      console.error(error);
      setState({ status: 'error', settings: null });
      return null;
    });
  return pending;
}

export function getRuntimeSettingsState(): RuntimeSettingsState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cached settings and their loading status; triggers the load if nothing started it. */
export function useRuntimeSettings(): RuntimeSettingsState {
  if (!pending) void loadRuntimeSettings();
  return useSyncExternalStore(subscribe, getRuntimeSettingsState, getRuntimeSettingsState);
}

/** Test seam: forget the cached settings (or preset them). */
export function resetRuntimeSettings(preset?: RuntimeSettings): void {
  if (preset) {
    pending = Promise.resolve(preset);
    setState({ status: 'ready', settings: preset });
  } else {
    pending = null;
    setState({ status: 'loading', settings: null });
  }
}
