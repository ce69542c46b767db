/*
 * Wire contract of the Company area (API.md "Marketplaces and companies"): the company details of
 * the seller's stores and the tax number / national id checks. The API validates and documents its
 * routes with these schemas; the web, the e2e fixtures and the API test kits import the types only.
 */
import { z } from 'zod';
import { isPlausibleBirthDate, nationalIdProblem, taxNumberProblem } from '../tax-ids.ts';

/** 1 sole proprietorship, 2 joint stock, 3 limited liability (specification §3). */
export const companyType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CompanyType = z.output<typeof companyType>;

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max);
const optionalText = z.string().trim().max(32).nullish();

/**
 * POST /company/upsert, and the inline `company` of POST /marketplace/integration/set_company.
 * Messages are keys of packages/domain, so the error envelope carries the §5 wording; national id
 * and birth date are checked only for type 1.
 */
export const companyInput = z
  .object({
    type: companyType.describe('1 sole proprietorship, 2 joint stock, 3 limited liability'),
    tax_number: z
      .string()
      .trim()
      .min(1, 'required')
      .max(32)
      .refine((value) => value === '' || taxNumberProblem(value) !== 'tax_number_digits', 'tax_number_digits')
      .refine((value) => taxNumberProblem(value) !== 'invalid_tax_number', 'invalid_tax_number')
      .describe('VKN: 10 digits with its checksum'),
    official_full_name: requiredText(200).describe("The owner's official full name"),
    trade_name: requiredText(300).describe('Trade name (title)'),
    // Optional (§5: type, tax number, full name and trade name are the required ones).
    tax_office: z.string().trim().max(120).nullish(),
    national_id: optionalText.describe('TCKN, 11 digits; required for type 1'),
    birth_date: optionalText.describe('YYYY-MM-DD; required for type 1'),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 1) return;
    const nationalId = typeof value.national_id === 'string' ? value.national_id : '';
    const problem = nationalId === '' ? 'required' : nationalIdProblem(nationalId);
    if (problem) ctx.addIssue({ code: 'custom', path: ['national_id'], message: problem });
    const birthDate = typeof value.birth_date === 'string' ? value.birth_date : '';
    if (birthDate === '') ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'required' });
    else if (!isPlausibleBirthDate(birthDate)) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'invalid_format' });
  });
export type CompanyInput = z.input<typeof companyInput>;

/** The answer of POST /company/upsert, and a company wherever another answer shows one. */
export const companyView = z.object({
  id: z.string(),
  type: companyType,
  tax_number: z.string(),
  official_full_name: z.string(),
  trade_name: z.string(),
  tax_office: z.string(),
  national_id: z.string().nullable(),
  birth_date: z.string().nullable(),
  created_at: z.string(),
});
export type CompanyView = z.output<typeof companyView>;

/** POST /company/validate_vkn */
export const validateTaxNumberBody = z.object({ tax_number: z.string().max(64) });
export type ValidateTaxNumberBody = z.input<typeof validateTaxNumberBody>;

/** POST /company/validate_tckn */
export const validateNationalIdBody = z.object({ national_id: z.string().max(64) });
export type ValidateNationalIdBody = z.input<typeof validateNationalIdBody>;

/** The answer of both checks: message (in the request language) only when the number is refused. */
export const idCheck = z.object({ valid: z.boolean(), message: z.string().optional() });
export type IdCheck = z.output<typeof idCheck>;
