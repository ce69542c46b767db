import { post } from '../../../lib/http-client.ts';

export interface ValidationVerdict {
  valid: boolean;
  message?: string;
}

/** POST /company/validate_vkn — 10 digits and the VKN checksum, checked by the server. */
export function validateTaxNumber(tax_number: string): Promise<ValidationVerdict> {
  return post<ValidationVerdict>('/company/validate_vkn', { tax_number });
}

/** POST /company/validate_tckn — 11 digits and the TCKN checksum, checked by the server. */
export function validateNationalId(national_id: string): Promise<ValidationVerdict> {
  return post<ValidationVerdict>('/company/validate_tckn', { national_id });
}
