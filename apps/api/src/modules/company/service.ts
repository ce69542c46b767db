import { z } from 'zod';
import type { Language } from '@worq/domain/language';
import { formatMessage, type MessageKey } from '@worq/domain/messages';
import { isValidNationalId, isValidTaxNumber } from '@worq/domain/tax-ids';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCompanyByTaxNumber, insertCompany, type Company } from './repository.ts';

/** 1 sole proprietorship, 2 joint stock, 3 limited liability (specification §3). */
export const companyType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Why a tax number is refused, or null when it is a valid VKN. */
export function taxNumberProblem(value: string): MessageKey | null {
  if (!/^\d{10}$/.test(value)) return 'tax_number_digits';
  return isValidTaxNumber(value) ? null : 'invalid_tax_number';
}

/** Why a national id is refused, or null when it is a valid TCKN. */
export function nationalIdProblem(value: string): MessageKey | null {
  if (!/^\d{11}$/.test(value)) return 'national_id_digits';
  return isValidNationalId(value) ? null : 'invalid_national_id';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) in the past, not before 1900. */
export function isPlausibleBirthDate(value: string, now = new Date()): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1900 && date < now;
}

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max);
const optionalText = z.string().trim().max(32).nullish();

/**
 * The company form (API.md /company/upsert). Messages are keys of packages/domain, so the error
 * envelope carries the §5 wording; national id and birth date are checked only for type 1.
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
export type CompanyInput = z.infer<typeof companyInput>;

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
export type CompanyView = z.infer<typeof companyView>;

export function toCompanyView(company: Company): CompanyView {
  return {
    id: company.id,
    type: company.type as 1 | 2 | 3,
    tax_number: company.taxNumber,
    official_full_name: company.officialFullName,
    trade_name: company.tradeName,
    tax_office: company.taxOffice,
    national_id: company.nationalId,
    birth_date: company.birthDate,
    created_at: company.createdAt.toISOString(),
  };
}

function storedValues(input: CompanyInput) {
  const soleProprietorship = input.type === 1;
  return {
    type: input.type,
    taxNumber: input.tax_number,
    officialFullName: input.official_full_name,
    tradeName: input.trade_name,
    taxOffice: input.tax_office ?? '',
    nationalId: soleProprietorship ? (input.national_id ?? null) : null,
    birthDate: soleProprietorship ? (input.birth_date ?? null) : null,
  };
}

function sameCompany(existing: Company, values: ReturnType<typeof storedValues>): boolean {
  return (
    existing.type === values.type &&
    existing.officialFullName === values.officialFullName &&
    existing.tradeName === values.tradeName &&
    existing.taxOffice === values.taxOffice &&
    existing.nationalId === values.nationalId &&
    existing.birthDate === values.birthDate
  );
}

/**
 * Saves a company once. Company details change only through the support team (specification §2),
 * so a second call with the same tax number returns the stored company when nothing differs and
 * answers 409 company_locked otherwise.
 */
export async function upsertCompany(db: Db, customerId: string, input: CompanyInput): Promise<Company> {
  const values = storedValues(input);
  const existing = await findCompanyByTaxNumber(db, customerId, values.taxNumber);
  const company =
    existing ?? (await insertCompany(db, { customerId, ...values })) ?? (await findCompanyByTaxNumber(db, customerId, values.taxNumber));
  if (!company) throw new Error('company vanished after insert');
  if (!sameCompany(company, values)) throw new AppError(409, 'company_locked');
  return company;
}

export interface IdCheck {
  valid: boolean;
  message?: string;
}

export function checkTaxNumber(language: Language, value: string): IdCheck {
  const problem = taxNumberProblem(value.trim());
  return problem ? { valid: false, message: formatMessage(language, problem) } : { valid: true };
}

export function checkNationalId(language: Language, value: string): IdCheck {
  const problem = nationalIdProblem(value.trim());
  return problem ? { valid: false, message: formatMessage(language, problem) } : { valid: true };
}
