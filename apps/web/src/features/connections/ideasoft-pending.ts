/*
 * What the Ideasoft form remembers in this tab across the full-page trip to the store's consent page
 * (sessionStorage: this tab only, gone when it closes). No secret is kept here: the client secret
 * stays on the server with the state. The callback page reads it to address the upsert and to
 * send the seller back where they started.
 */
const key = 'worq.ideasoft-authorization';

export interface PendingIdeasoftAuthorization {
  state: string;
  marketplace_id: string;
  store_name: string;
  integration_id?: string;
  /** The page the connection was started from (path + query). */
  return_to: string;
}

export function rememberIdeasoftAuthorization(pending: PendingIdeasoftAuthorization): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(pending));
  } catch {
    // Storage disabled: the callback falls back to the marketplace list and /connections.
  }
}

/** The pending authorization of this state, if this tab started it. */
export function pendingIdeasoftAuthorization(state: string): PendingIdeasoftAuthorization | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as PendingIdeasoftAuthorization | null;
    return value && value.state === state && typeof value.marketplace_id === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetIdeasoftAuthorization(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to forget
  }
}

/** Leaves the app for the store's consent page (a function of its own so tests can stand in). */
export function leaveForConsent(url: string): void {
  window.location.assign(url);
}
