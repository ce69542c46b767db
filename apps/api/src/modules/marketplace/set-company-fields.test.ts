import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { expectValidationFailed } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();
let customer: RegisteredCustomer;

beforeAll(async () => {
  customer = await registerVerifiedCustomer(ctx);
});

const setCompany = (company: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post(ctx, '/marketplace/integration/set_company', { integration_ids: [randomUUID()], company, ...extra }, customer.jwt_token, {
    'accept-language': 'en',
  });

describe('set_company with an inline company that fails validation', () => {
  it('keys the field errors by the company field names, as /company/upsert does', async () => {
    const company = { type: 2, tax_number: '123', official_full_name: '', trade_name: 'Yılmaz Tekstil', tax_office: 'Kadıköy' };
    const response = await setCompany(company);
    expectValidationFailed(response, 'Please correct the marked fields.', {
      tax_number: 'The tax identification number must be 10 digits.',
      official_full_name: 'Full name cannot be empty.',
    });
    const upsert = await post(ctx, '/company/upsert', company, customer.jwt_token, { 'accept-language': 'en' });
    expect(upsert.json().errors.fields).toEqual(response.json().errors.fields);
  });

  it('names national_id and birth_date of a sole proprietorship', async () => {
    const response = await setCompany({
      type: 1,
      tax_number: '1234567890',
      official_full_name: 'Ayşe Yılmaz',
      trade_name: 'Yılmaz Tekstil',
      tax_office: 'Kadıköy',
      national_id: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      national_id: 'The Turkish Identification Number must be 11 digits.',
      birth_date: 'Birth date cannot be empty.',
    });
  });

  it('words a too long value from the value the seller sent, not as an empty one', async () => {
    const response = await setCompany({
      type: 2,
      tax_number: '1234567890',
      official_full_name: 'Ayşe Yılmaz',
      trade_name: 'A'.repeat(301),
      tax_office: 'Kadıköy',
    });
    expect(response.json().errors.fields).toEqual({ trade_name: 'Trade name can be at most 300 characters.' });
  });

  it('leaves the names of the request own fields alone', async () => {
    const response = await post(
      ctx,
      '/marketplace/integration/set_company',
      { integration_ids: ['nope'], company_id: randomUUID() },
      customer.jwt_token,
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors.fields)).toEqual(['integration_ids.0']);
  });
});
