import type { ReactNode } from 'react';
import { renderRoutes, Where } from '../../../../test/http-test-kit.tsx';
import type { Integration } from '../../api/integrations.ts';
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

export const marketplaces: Marketplace[] = [
  {
    id: 'm-trendyol',
    code: 'trendyol',
    name: 'Trendyol',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'seller_id', type: 'text', required: true },
      { name: 'api_key', type: 'text', required: true },
      { name: 'api_secret', type: 'secret', required: true },
    ],
  },
  {
    id: 'm-hepsiburada',
    code: 'hepsiburada',
    name: 'Hepsiburada',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'merchant_id', type: 'text', required: true },
      { name: 'service_key', type: 'secret', required: true },
    ],
  },
  {
    id: 'm-n11',
    code: 'n11',
    name: 'N11',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'app_key', type: 'text', required: true },
      { name: 'app_secret', type: 'secret', required: true },
    ],
  },
  {
    id: 'm-ciceksepeti',
    code: 'ciceksepeti',
    name: 'Çiçeksepeti',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'seller_id', type: 'text', required: true },
      { name: 'api_key', type: 'secret', required: true },
    ],
  },
  { id: 'm-amazon', code: 'amazon', name: 'Amazon', logo_url: null, auth_type: 'oauth', fields: [], regions: ['EU', 'NA', 'FE'] },
  {
    id: 'm-ideasoft',
    code: 'ideasoft',
    name: 'Ideasoft',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'store_url', type: 'url', required: true },
      { name: 'client_id', type: 'text', required: true },
      { name: 'client_secret', type: 'secret', required: true },
    ],
  },
  {
    id: 'm-ticimax',
    code: 'ticimax',
    name: 'Ticimax',
    logo_url: null,
    auth_type: 'api_key',
    fields: [
      { name: 'store_domain', type: 'url', required: true },
      { name: 'authorization_code', type: 'secret', required: true },
    ],
  },
];

export function integration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: 'i-1',
    marketplace_id: 'm-trendyol',
    marketplace_code: 'trendyol',
    store_name: 'Moda Dükkanı',
    store_link: null,
    region: null,
    seller_id: '123456',
    merchant_id: null,
    connected_at: '2025-03-14T09:30:00Z',
    status: 'active',
    is_active: true,
    is_updated: true,
    company_id: null,
    company_official_name: null,
    company_title: null,
    ...overrides,
  };
}
