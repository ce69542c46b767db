/*
 * What the store-address step learned, handed to the integration step. Kept in session storage so
 * a reload of the second step keeps it; nothing secret is in it.
 */
export interface OnboardingStore {
  marketplaceCode: string;
  storeName: string | null;
  storeLink: string | null;
  sellerId: string | null;
}

const key = 'worq.insight.onboarding';

export function saveOnboardingStore(store: OnboardingStore): void {
  sessionStorage.setItem(key, JSON.stringify(store));
}

export function readOnboardingStore(): OnboardingStore | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as OnboardingStore | null;
    return value && typeof value.marketplaceCode === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearOnboardingStore(): void {
  sessionStorage.removeItem(key);
}
