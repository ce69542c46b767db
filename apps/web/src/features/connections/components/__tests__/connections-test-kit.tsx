import type { ReactNode } from 'react';
import { renderRoutes, Where } from '../../../../test/http-test-kit.tsx';
import type { MarketplaceField } from '@worq/domain/wire/marketplace';
import type { Marketplace } from '../../api/marketplaces.ts';
import { followTasksWith, type TrackTaskOptions as TrackOptions } from '../../../../lib/background-tasks.ts';

export interface TrackedTask {
  requestId: string;
  type: string;
  options: TrackOptions;
}

/** Plays the background-task panel: records track requests so a test can finish them. */
export function followTasks() {
  const tasks: TrackedTask[] = [];
  const stop = followTasksWith((requestId, type, options) => tasks.push({ requestId, type, options }));
  return { tasks, stop };
}

export function renderAt(path: string, element: ReactNode, routePath = '*') {
  const routes = [
    { path: routePath, element },
    { path: '*', element: <Where /> },
  ];
  return renderRoutes(routes, path).router;
}

/** A marketplace connected with typed keys: every field is required, in the order given. */
function apiKeyMarketplace(code: string, name: string, fields: Record<string, MarketplaceField['type']>): Marketplace {
  return {
    id: `m-${code}`,
    code,
    name,
    logo_url: null,
    auth_type: 'api_key',
    fields: Object.entries(fields).map(([fieldName, type]) => ({ name: fieldName, type, required: true })),
  };
}

export const marketplaces: Marketplace[] = [
  apiKeyMarketplace('trendyol', 'Trendyol', { seller_id: 'text', api_key: 'text', api_secret: 'secret' }),
  apiKeyMarketplace('hepsiburada', 'Hepsiburada', { merchant_id: 'text', service_key: 'secret' }),
  apiKeyMarketplace('n11', 'N11', { app_key: 'text', app_secret: 'secret' }),
  apiKeyMarketplace('ciceksepeti', 'Çiçeksepeti', { seller_id: 'text', api_key: 'secret' }),
  { id: 'm-amazon', code: 'amazon', name: 'Amazon', logo_url: null, auth_type: 'oauth', fields: [], regions: ['EU', 'NA', 'FE'] },
  apiKeyMarketplace('ideasoft', 'Ideasoft', { store_url: 'url', client_id: 'text', client_secret: 'secret' }),
  apiKeyMarketplace('ticimax', 'Ticimax', { store_domain: 'url', authorization_code: 'secret' }),
];
