import type { IdCheck, ValidateNationalIdBody, ValidateTaxNumberBody } from '@worq/domain/wire/company';
import { post } from '../../../lib/http-client.ts';

/** POST /company/validate_vkn — 10 digits and the VKN checksum, checked by the server. */
export function validateTaxNumber(tax_number: string): Promise<IdCheck> {
  return post<IdCheck>('/company/validate_vkn', { tax_number } satisfies ValidateTaxNumberBody);
}

/** POST /company/validate_tckn — 11 digits and the TCKN checksum, checked by the server. */
export function validateNationalId(national_id: string): Promise<IdCheck> {
  return post<IdCheck>('/company/validate_tckn', { national_id } satisfies ValidateNationalIdBody);
}
