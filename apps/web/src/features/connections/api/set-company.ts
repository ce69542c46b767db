import type { SetCompanyBody } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { call } from '../../../lib/http-client.ts';

/** POST /marketplace/integration/set_company — 202; links the stores to a company (company_id or a new one) in a background task. */
export function setCompany(body: SetCompanyBody): Promise<TaskAccepted> {
  return call('POST /marketplace/integration/set_company', { body });
}
