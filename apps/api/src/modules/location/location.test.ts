import { describe, expect, it } from 'vitest';
import { get, registerCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';

const ctx = sharedAccountsTestApp();

interface CityPage {
  items: { id: number; name: string; plate_code: number }[];
  total: number;
}

describe('GET /location/city/view', () => {
  it('lists the 81 provinces in licence-plate order in one page of 81', async () => {
    const customer = await registerCustomer(ctx);
    const response = await get(ctx, '/location/city/view?page=0&pagesize=81', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    const page = response.json<CityPage>();
    expect(page.total).toBe(81);
    expect(page.items.map((city) => city.plate_code)).toEqual(Array.from({ length: 81 }, (_, index) => index + 1));
    expect(page.items[0]).toEqual({ id: 1, name: 'Adana', plate_code: 1 });
    expect(page.items.find((city) => city.plate_code === 34)?.name).toBe('İstanbul');
    expect(page.items.at(-1)?.name).toBe('Düzce');
  });

  it('pages through the list', async () => {
    const customer = await registerCustomer(ctx);
    const second = (await get(ctx, '/location/city/view?page=1&pagesize=10', customer.jwt_token)).json<CityPage>();
    expect(second.total).toBe(81);
    expect(second.items.map((city) => city.plate_code)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const past = (await get(ctx, '/location/city/view?page=9&pagesize=10', customer.jwt_token)).json<CityPage>();
    expect(past.items).toEqual([]);
  });

  it('keeps the page size between 1 and 100', async () => {
    const customer = await registerCustomer(ctx);
    for (const query of ['pagesize=0', 'pagesize=101', 'page=-1', 'pagesize=abc']) {
      expect((await get(ctx, `/location/city/view?${query}`, customer.jwt_token)).statusCode, query).toBe(400);
    }
  });

  it('needs a token', async () => {
    expect((await get(ctx, '/location/city/view')).statusCode).toBe(401);
  });
});
