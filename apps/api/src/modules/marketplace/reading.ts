import type { CompanyWithIntegrations, IntegrationView, MarketplaceView } from '@worq/domain/wire/marketplace';
import { isMarketplaceCode, marketplaceRegions, type ConnectorRegistry } from '../../connectors/registry.ts';
import { findCompaniesByIds, toCompanyView } from '../company/public.ts';
import type { MarketplaceContext } from './context.ts';
import { listIntegrations, listMarketplaces, type IntegrationStatus, type Marketplace } from './repository.ts';
import { toIntegrationView } from './views.ts';

/* ---------- Reading ---------- */

function viewOfMarketplace(marketplace: Marketplace, registry: ConnectorRegistry): MarketplaceView | undefined {
  if (!isMarketplaceCode(marketplace.code)) return undefined;
  const connector = registry.connector(marketplace.code);
  const regions = marketplaceRegions[marketplace.code];
  return {
    id: marketplace.id,
    code: marketplace.code,
    name: marketplace.name,
    logo_url: null,
    auth_type: marketplace.authType,
    fields: connector.fields.map((field) => ({ name: field.name, type: field.type, required: field.required })),
    ...(regions ? { regions: [...regions] } : {}),
  };
}

export async function marketplaceCatalogue(ctx: MarketplaceContext): Promise<MarketplaceView[]> {
  const rows = await listMarketplaces(ctx.db);
  return rows.flatMap((row) => viewOfMarketplace(row, ctx.registry) ?? []);
}

export async function integrationsOf(
  ctx: MarketplaceContext,
  customerId: string,
  statuses?: IntegrationStatus[],
): Promise<IntegrationView[]> {
  return (await listIntegrations(ctx.db, customerId, statuses ? { statuses } : {})).map(toIntegrationView);
}

/** Valid integrations (active and updated, specification §4) grouped by their company. */
export async function integrationsByCompany(ctx: MarketplaceContext, customerId: string): Promise<CompanyWithIntegrations> {
  const valid = (await listIntegrations(ctx.db, customerId, { statuses: ['active'] })).filter(
    (listed) => listed.integration.isActive && listed.integration.isUpdated,
  );
  const companyIds = [...new Set(valid.flatMap((listed) => (listed.integration.companyId ? [listed.integration.companyId] : [])))];
  const companies = new Map((await findCompaniesByIds(ctx.db, customerId, companyIds)).map((company) => [company.id, company]));
  const groups = new Map<string, CompanyWithIntegrations['companies'][number]>();
  const withoutCompany: IntegrationView[] = [];
  for (const listed of valid) {
    const company = listed.integration.companyId ? companies.get(listed.integration.companyId) : undefined;
    if (!company) {
      withoutCompany.push(toIntegrationView(listed));
      continue;
    }
    let group = groups.get(company.id);
    if (!group) {
      group = { company: toCompanyView(company), integrations: [] };
      groups.set(company.id, group);
    }
    group.integrations.push(toIntegrationView(listed));
  }
  return { companies: [...groups.values()], integrations_without_company: withoutCompany };
}

export async function listedIntegration(ctx: MarketplaceContext, customerId: string, id: string): Promise<IntegrationView | null> {
  const [listed] = await listIntegrations(ctx.db, customerId, { ids: [id] });
  return listed ? toIntegrationView(listed) : null;
}
