import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, get, registerCustomer, registerVerifiedCustomer } from '../../test/accounts-helpers.ts';
import type { TestContext } from '../../test/helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createAccountsTestApp();
});
afterAll(async () => ctx?.close());

describe('work context', () => {
  it('lists the navigation elements of a new customer: applications only', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, `/work_context/get/${customer.customerId}`, customer.jwt_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ navbar_elements: ['applications'] });
  });

  it("refuses another customer's id with 403", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const other = await registerCustomer(ctx);
    for (const id of [other.customerId, 'not-a-uuid']) {
      const response = await get(ctx, `/work_context/get/${id}`, customer.jwt_token, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors).toEqual({ code: 'forbidden', message: 'You are not allowed to do this.' });
    }
  });

  it('needs a token', async () => {
    const customer = await registerCustomer(ctx);
    expect((await get(ctx, `/work_context/get/${customer.customerId}`)).statusCode).toBe(401);
  });
});
