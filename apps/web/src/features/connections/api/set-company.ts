import type { SetCompanyBody } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { post } from '../../../lib/http-client.ts';

/** POST /marketplace/integration/set_company — 202; links the stores to a company (company_id or a new one) in a background task. */
export function setCompany(body: SetCompanyBody): Promise<TaskAccepted> {
  return post<TaskAccepted>('/marketplace/integration/set_company', body);
}
