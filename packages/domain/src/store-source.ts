/**
 * Whether a store's figures come from its platform (ARCHITECTURE.md §6, "Unverified sources are
 * labelled"). Most marketplaces are read on their own API hosts, so what they serve is theirs.
 * Ideasoft and Ticimax are read on the store address the seller types: anyone can run a fake
 * "store" on a public https host and serve invented orders. Such a store's source counts as
 * verified only when its host is a subdomain of a host the platform itself runs stores on.
 */

/** The marketplaces read on a seller-typed address, and the connection field holding it. */
export const sellerAddressedFields = { ideasoft: 'store_url', ticimax: 'store_domain' } as const;
export type SellerAddressedMarketplace = keyof typeof sellerAddressedFields;

export type StoreHostSuffixes = { readonly [code in SellerAddressedMarketplace]: readonly string[] };

/**
 * Host suffixes each platform runs its stores on. Ideasoft gives every store a
 * `{store}.myideasoft.com` address it keeps answering on. Ticimax publishes no store host of its own
 * that we could confirm (its stores answer on the seller's domain), so none is listed: every Ticimax
 * store is unverified unless the operator lists suffixes (TICIMAX_VERIFIED_HOST_SUFFIXES).
 */
export const platformStoreHostSuffixes: StoreHostSuffixes = { ideasoft: ['myideasoft.com'], ticimax: [] };

const isSellerAddressed = (code: string): code is SellerAddressedMarketplace => Object.hasOwn(sellerAddressedFields, code);

/** `*.example.com`, `.Example.com.` and `example.com` all name the suffix `example.com`. */
export function normaliseHostSuffix(suffix: string): string {
  return suffix
    .trim()
    .toLowerCase()
    .replace(/^\*?\.+/, '')
    .replace(/\.+$/, '');
}

/** The host name of a typed store address (`magaza.com`, `https://Magaza.com./x`), or null when unreadable. */
export function storeHostOf(address: string | undefined): string | null {
  const raw = (address ?? '').trim();
  if (!raw) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).hostname.toLowerCase().replace(/\.+$/, '');
    return host || null;
  } catch {
    return null;
  }
}

/** True when `host` is a proper subdomain of one of `suffixes` (the bare suffix is the platform's own site, not a store). */
export function isHostUnder(host: string, suffixes: readonly string[]): boolean {
  return suffixes.some((entry) => {
    const suffix = normaliseHostSuffix(entry);
    return suffix !== '' && host.length > suffix.length + 1 && host.endsWith(`.${suffix}`);
  });
}

/**
 * The rule: a store of a marketplace read on its own API is verified; an Ideasoft or Ticimax store
 * is verified only when the address it was connected with is on one of the platform's host
 * suffixes. `publicFields` are the connection's non-secret fields (store_url, store_domain …).
 */
export function isStoreSourceVerified(
  marketplaceCode: string,
  publicFields: Readonly<Record<string, string | undefined>>,
  suffixes: StoreHostSuffixes = platformStoreHostSuffixes,
): boolean {
  if (!isSellerAddressed(marketplaceCode)) return true;
  const host = storeHostOf(publicFields[sellerAddressedFields[marketplaceCode]]);
  return host !== null && isHostUnder(host, suffixes[marketplaceCode]);
}
