import { describe, expect, it } from 'vitest';
import { get, post, registerCustomer, registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { savePlan, setStep, startApplication } from '../application/test-kit.ts';

const ctx = sharedAccountsTestApp();

describe('work context', () => {
  it('lists the navigation elements of a new customer: applications only', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, `/work_context/get/${customer.customerId}`, customer.jwt_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ navbar_elements: ['applications', 'insight'] });
  });

  it('shows Connections once an application reached step 2, and keeps it after going back or leaving', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const navbar = async () => (await get(ctx, `/work_context/get/${customer.customerId}`, customer.jwt_token)).json();
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    expect(await navbar()).toEqual({ navbar_elements: ['applications', 'insight'] });

    expect((await setStep(ctx, customer, application.id, 2)).statusCode).toBe(200);
    expect(await navbar()).toEqual({ navbar_elements: ['applications', 'insight', 'connections'] });

    expect((await setStep(ctx, customer, application.id, 1)).statusCode).toBe(200);
    await post(ctx, '/application/leave_application', { application_id: application.id }, customer.jwt_token);
    expect(await navbar()).toEqual({ navbar_elements: ['applications', 'insight', 'connections'] });
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
