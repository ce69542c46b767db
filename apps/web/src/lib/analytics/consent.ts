/*
 * The visitor's analytics-cookie choice (KVKK): kept in local storage and read before anything of
 * the analytics service loads. No choice yet counts as "no": nothing is tracked until the visitor
 * agrees in the banner or in the profile, and either place can take the choice back.
 */
import { useSyncExternalStore } from 'react';

export type AnalyticsConsent = 'granted' | 'denied';
export const analyticsConsentKey = 'analyticsConsent';

const listeners = new Set<() => void>();

// Only used when storage refuses the write, so the banner does not come straight back.
let memoryChoice: AnalyticsConsent | null = null;

/** The choice, or null while the visitor has not answered. */
export function getAnalyticsConsent(): AnalyticsConsent | null {
  try {
    const value = window.localStorage.getItem(analyticsConsentKey);
    if (value === 'granted' || value === 'denied') return value;
  } catch {
    // No storage (some private modes): only this page's answer counts.
  }
  return memoryChoice;
}

export function setAnalyticsConsent(consent: AnalyticsConsent): void {
  try {
    window.localStorage.setItem(analyticsConsentKey, consent);
  } catch {
    // The choice still applies to this page.
    memoryChoice = consent;
  }
  listeners.forEach((listener) => listener());
}

export function subscribeAnalyticsConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === analyticsConsentKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The choice, or null while the visitor has not answered. */
export function useAnalyticsConsent(): AnalyticsConsent | null {
  return useSyncExternalStore(subscribeAnalyticsConsent, getAnalyticsConsent, () => null);
}
