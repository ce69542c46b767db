/**
 * POST /insight/store_lookup: recognises a marketplace from the public address of a seller's store
 * page. The address is only parsed, never fetched (a seller-typed address is not ours to call).
 * Formats, with examples (docs/marketplaces.md keeps the same list):
 * - Trendyol: `https://www.trendyol.com/magaza/{slug}-m-{sellerId}` (e.g. `/magaza/ornek-butik-m-123456`),
 *   and a product page with `?merchantId={sellerId}` (the seller's offer of a product).
 * - Hepsiburada: `https://www.hepsiburada.com/magaza/{slug}`, and product pages with `?magaza={Store Name}`.
 *   The merchant id (a GUID) never appears in public addresses.
 * - N11: `https://www.n11.com/magaza/{slug}`.
 * - Çiçeksepeti: `https://www.ciceksepeti.com/magaza/{slug}` (unconfirmed: `/satici/{slug}` is also accepted).
 * - Amazon Turkey: `https://www.amazon.com.tr/sp?seller={SellerId}` (seller profile) and
 *   `https://www.amazon.com.tr/s?me={SellerId}` (storefront). The seller id is the SP-API selling
 *   partner id.
 * - Any other public host: the store's own domain, run on Ideasoft or Ticimax (both serve stores on
 *   the seller's domain), so the answer asks which.
 */
import { AppError } from '../../plugins/errors.ts';

export type LookupCode = 'trendyol' | 'hepsiburada' | 'n11' | 'ciceksepeti' | 'amazon';

export interface StoreLookup {
  marketplace_code: LookupCode | null;
  store_name: string | null;
  seller_id: string | null;
  store_link: string;
  candidates: string[];
}

const unrecognised = () =>
  new AppError(400, 'store_url_unrecognised', {
    messageKey: 'store_url_unrecognised',
    fields: { store_url: { key: 'store_url_unrecognised' } },
  });

/** A slug as a store name: `ornek-butik` → `Ornek Butik` (Turkish capitals). */
function nameFromSlug(slug: string): string {
  return decodeURIComponentSafe(slug)
    .split(/[-_+\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('tr-TR') + word.slice(1))
    .join(' ')
    .slice(0, 120);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const marketplaceHosts: Record<string, LookupCode> = {
  'trendyol.com': 'trendyol',
  'hepsiburada.com': 'hepsiburada',
  'n11.com': 'n11',
  'ciceksepeti.com': 'ciceksepeti',
  'amazon.com.tr': 'amazon',
};

/** A label of a host name: letters, digits and inner hyphens (punycode included). */
const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function parseAddress(input: string): URL {
  const text = input.trim();
  if (text.length === 0 || text.length > 500 || /\s/.test(text)) throw unrecognised();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw unrecognised();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unrecognised();
  if (url.username || url.password || url.port) throw unrecognised();
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  // A public name with a dot and a top-level label of letters; no IP literals, no single labels.
  if (labels.length < 2 || !labels.every((label) => hostLabel.test(label)) || !/^[a-z]{2,63}$|^xn--/.test(labels.at(-1)!)) {
    throw unrecognised();
  }
  return url;
}

function marketplaceOf(host: string): LookupCode | null {
  const bare = host.replace(/^(www|m)\./, '');
  return marketplaceHosts[bare] ?? null;
}

export function lookupStore(input: string): StoreLookup {
  const url = parseAddress(input);
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const code = marketplaceOf(host);
  const segments = url.pathname.split('/').filter(Boolean);

  if (code === null) {
    // A shop on its own domain: the root of the site is the store link.
    return {
      marketplace_code: null,
      store_name: null,
      seller_id: null,
      store_link: `https://${host}`,
      candidates: ['ideasoft', 'ticimax'],
    };
  }
  const origin = `https://${host.startsWith('www.') || host.startsWith('m.') ? `www.${host.replace(/^(www|m)\./, '')}` : `www.${host}`}`;
  const found = (storeName: string | null, sellerId: string | null, path: string): StoreLookup => ({
    marketplace_code: code,
    store_name: storeName,
    seller_id: sellerId,
    store_link: `${origin}${path}`,
    candidates: [code],
  });

  switch (code) {
    case 'trendyol': {
      if (segments[0] === 'magaza' && segments[1]) {
        const match = /^(.*)-m-(\d{1,12})$/.exec(segments[1]);
        if (match) return found(nameFromSlug(match[1]!), match[2]!, `/magaza/${segments[1]}`);
      }
      const merchantId = url.searchParams.get('merchantId');
      if (merchantId && /^\d{1,12}$/.test(merchantId)) return found(null, merchantId, `/sr?mid=${merchantId}`);
      const mid = url.searchParams.get('mid');
      if (segments[0] === 'sr' && mid && /^\d{1,12}$/.test(mid)) return found(null, mid, `/sr?mid=${mid}`);
      break;
    }
    case 'hepsiburada':
    case 'n11':
    case 'ciceksepeti': {
      const storeWords = code === 'ciceksepeti' ? ['magaza', 'satici'] : ['magaza'];
      if (storeWords.includes(segments[0] ?? '') && segments[1]) {
        return found(nameFromSlug(segments[1]), null, `/${segments[0]}/${segments[1]}`);
      }
      const named = code === 'hepsiburada' ? url.searchParams.get('magaza') : null;
      if (named && named.trim()) {
        const slug = named.trim().toLocaleLowerCase('tr-TR').replace(/\s+/g, '-');
        return found(named.trim().slice(0, 120), null, `/magaza/${encodeURIComponent(slug)}`);
      }
      break;
    }
    case 'amazon': {
      const seller = url.searchParams.get('seller') ?? url.searchParams.get('me');
      if (seller && /^[A-Z0-9]{8,20}$/.test(seller)) return found(null, seller, `/sp?seller=${seller}`);
      break;
    }
  }
  throw unrecognised();
}
