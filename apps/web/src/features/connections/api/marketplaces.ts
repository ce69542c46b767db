import useSWR from 'swr';
import type { MarketplaceView } from '@worq/domain/wire/marketplace';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { MarketplaceView as Marketplace };

export const marketplacesKey = routeUrl('GET /marketplace/all');

/** GET /marketplace/all — the seven marketplaces with the fields each one asks for. */
export function useMarketplaces() {
  return useSWR(marketplacesKey, () => call('GET /marketplace/all'), { revalidateOnFocus: false });
}
