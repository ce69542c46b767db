import type { Language } from '@worq/domain/language';
import { formatMessage } from '@worq/domain/messages';
import { nationalIdProblem, taxNumberProblem } from '@worq/domain/tax-ids';
import type { CompanyInput, CompanyType, CompanyView, IdCheck } from '@worq/domain/wire/company';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCompanyByTaxNumber, insertCompany, type Company } from './repository.ts';

export function toCompanyView(company: Company): CompanyView {
  return {
    id: company.id,
    type: company.type as CompanyType,
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

export function checkTaxNumber(language: Language, value: string): IdCheck {
  const problem = taxNumberProblem(value.trim());
  return problem ? { valid: false, message: formatMessage(language, problem) } : { valid: true };
}

export function checkNationalId(language: Language, value: string): IdCheck {
  const problem = nationalIdProblem(value.trim());
  return problem ? { valid: false, message: formatMessage(language, problem) } : { valid: true };
}
