import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

export type MarketplaceFieldType = 'text' | 'secret' | 'url';

export interface MarketplaceField {
  name: string;
  type: MarketplaceFieldType;
  required: boolean;
}

export type MarketplaceRegion = string | { code: string; name?: string };

export interface Marketplace {
  id: string;
  code: string;
  name: string;
  logo_url?: string | null;
  auth_type: 'api_key' | 'oauth';
  fields: MarketplaceField[];
  regions?: MarketplaceRegion[];
}

export const marketplacesKey = '/marketplace/all';

/** GET /marketplace/all — the seven marketplaces with the fields each one asks for. */
export function useMarketplaces() {
  return useSWR(marketplacesKey, (url: string) => get<Marketplace[]>(url), { revalidateOnFocus: false });
}
