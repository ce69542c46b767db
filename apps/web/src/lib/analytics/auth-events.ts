/*
 * Sign-up and sign-in as analytics events (§3: which Google flow it was), without loading the
 * analytics SDK into the sign-in screens: the screens announce on a window event, and the analytics
 * wiring (loaded only after consent) tracks what it hears. Without consent nobody listens.
 */
export type AuthMethod = 'google' | 'password';
export type AuthFlow = 'sign_up' | 'sign_in';
export interface AuthEventDetail {
  method: AuthMethod;
  flow: AuthFlow;
}

export const authEventName = 'analytics:auth';

export function announceAuth(detail: AuthEventDetail): void {
  window.dispatchEvent(new CustomEvent<AuthEventDetail>(authEventName, { detail }));
}

/** The analytics event names: `Signed Up` / `Signed In`, with the method as a property. */
export function authEventTitle(flow: AuthFlow): string {
  return flow === 'sign_up' ? 'Signed Up' : 'Signed In';
}
