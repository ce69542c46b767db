import { post } from '../../../lib/http-client.ts';
import type { CompanyType } from './integration-details.ts';

export interface CompanyInput {
  type: CompanyType;
  tax_number: string;
  official_full_name: string;
  trade_name: string;
  tax_office: string;
  national_id?: string;
  birth_date?: string;
}

export type SetCompanyBody = { integration_ids: string[] } & ({ company_id: string } | { company: CompanyInput });

/** POST /marketplace/integration/set_company — 202; links the stores to a company in a background task. */
export function setCompany(body: SetCompanyBody): Promise<{ request_id: string }> {
  return post<{ request_id: string }>('/marketplace/integration/set_company', body);
}
