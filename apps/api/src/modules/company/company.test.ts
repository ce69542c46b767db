import { beforeAll, describe, expect, it } from 'vitest';
import {
  post,
  registerCustomer,
  registerVerifiedCustomer,
  type RegisteredCustomer,
  sharedAccountsTestApp,
} from '../../test/accounts-helpers.ts';
import { expectError } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();
let customer: RegisteredCustomer;

beforeAll(async () => {
  customer = await registerVerifiedCustomer(ctx);
});

const jointStock = {
  type: 2,
  tax_number: '1234567890',
  official_full_name: 'Ayşe Yılmaz',
  trade_name: 'Yılmaz Tekstil A.Ş.',
  tax_office: 'Kadıköy',
};
const soleProprietorship = {
  type: 1,
  tax_number: '1234579006',
  official_full_name: 'Mehmet Demir',
  trade_name: 'Demir Ticaret',
  tax_office: 'Çankaya',
  national_id: '10000000146',
  birth_date: '1985-04-23',
};

const upsert = (body: unknown, language = 'en', who = customer) =>
  post(ctx, '/company/upsert', body, who.jwt_token, { 'accept-language': language });

describe('POST /company/upsert', () => {
  it('saves a joint-stock company without personal details', async () => {
    const other = await registerVerifiedCustomer(ctx);
    const response = await upsert({ ...jointStock, national_id: '10000000146', birth_date: '1980-01-01' }, 'en', other);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...jointStock, national_id: null, birth_date: null });
    expect(response.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a company without a tax office: only type, tax number, full name and trade name are required (§5)', async () => {
    const other = await registerVerifiedCustomer(ctx);
    const { tax_office: _omitted, ...withoutOffice } = jointStock;
    const response = await upsert(withoutOffice, 'en', other);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tax_office).toBe('');
  });

  it('needs the national id and birth date of a sole proprietor', async () => {
    const response = await upsert({ ...soleProprietorship, national_id: undefined, birth_date: '' }, 'tr');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      national_id: 'T.C. Kimlik Numarası boş bırakılamaz.',
      birth_date: 'Doğum tarihi boş bırakılamaz.',
    });
    const saved = await upsert(soleProprietorship);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(soleProprietorship);
  });

  it('refuses a tax number of the wrong length or with a wrong checksum', async () => {
    const short = await upsert({ ...jointStock, tax_number: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.fields).toEqual({ tax_number: 'The tax identification number must be 10 digits.' });
    const checksum = await upsert({ ...jointStock, tax_number: '1234567891' });
    expect(checksum.json().errors.fields).toEqual({ tax_number: 'The tax identification number is not valid.' });
    const empty = await upsert({ ...jointStock, tax_number: '', trade_name: ' ' }, 'tr');
    expect(empty.json().errors.fields).toEqual({
      tax_number: 'Vergi numarası boş bırakılamaz.',
      trade_name: 'Ticari unvan boş bırakılamaz.',
    });
  });

  it('refuses a national id of the wrong length or with a wrong checksum', async () => {
    const short = await upsert({ ...soleProprietorship, national_id: '1234' });
    expect(short.json().errors.fields).toEqual({ national_id: 'The Turkish Identification Number must be 11 digits.' });
    const checksum = await upsert({ ...soleProprietorship, national_id: '12345678901' });
    expect(checksum.json().errors.fields).toEqual({ national_id: 'The Turkish Identification Number is not valid.' });
    const future = await upsert({ ...soleProprietorship, birth_date: '2999-01-01' });
    expect(Object.keys(future.json().errors.fields)).toEqual(['birth_date']);
  });

  it('returns the stored company for the same details and refuses changes to it', async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const first = await upsert(jointStock, 'en', owner);
    const again = await upsert(jointStock, 'en', owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const changed = await upsert({ ...jointStock, trade_name: 'Yeni Unvan A.Ş.' }, 'en', owner);
    expectError(changed, 409, 'company_locked', 'Company details can be changed only through our support team.');
  });

  it('needs a verified phone', async () => {
    const unverified = await registerCustomer(ctx);
    expect((await post(ctx, '/company/upsert', jointStock, unverified.jwt_token)).statusCode).toBe(403);
  });
});

describe('server checks of tax ids', () => {
  /** A checker of one id field on one route: the answer to a value, in English unless told. */
  const checker =
    (url: string, field: string) =>
    async (value: string, language = 'en') =>
      (await post(ctx, url, { [field]: value }, customer.jwt_token, { 'accept-language': language })).json();

  it('checks a VKN', async () => {
    const check = checker('/company/validate_vkn', 'tax_number');
    expect(await check('1234567890')).toEqual({ valid: true });
    expect(await check('1234567891')).toEqual({ valid: false, message: 'The tax identification number is not valid.' });
    expect(await check('123')).toEqual({ valid: false, message: 'The tax identification number must be 10 digits.' });
    expect(await check('123', 'tr')).toEqual({ valid: false, message: 'Vergi kimlik numarası 10 haneli olmalıdır.' });
  });

  it('checks a TCKN', async () => {
    const check = checker('/company/validate_tckn', 'national_id');
    expect(await check('10000000146')).toEqual({ valid: true });
    expect(await check('12345678901')).toEqual({ valid: false, message: 'The Turkish Identification Number is not valid.' });
    expect(await check('1234567890')).toEqual({ valid: false, message: 'The Turkish Identification Number must be 11 digits.' });
    expect(await check('12345678901', 'tr')).toEqual({ valid: false, message: 'T.C. Kimlik Numarası geçerli değil.' });
  });
});
