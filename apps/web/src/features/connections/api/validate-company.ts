import type { IdCheck } from '@worq/domain/wire/company';
import { call } from '../../../lib/http-client.ts';

/** POST /company/validate_vkn — 10 digits and the VKN checksum, checked by the server. */
export function validateTaxNumber(tax_number: string): Promise<IdCheck> {
  return call('POST /company/validate_vkn', { body: { tax_number } });
}

/** POST /company/validate_tckn — 11 digits and the TCKN checksum, checked by the server. */
export function validateNationalId(national_id: string): Promise<IdCheck> {
  return call('POST /company/validate_tckn', { body: { national_id } });
}
