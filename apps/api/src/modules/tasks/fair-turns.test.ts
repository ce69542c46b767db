import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { insertTestCustomer, openTestDatabase } from '../../test/helpers.ts';
import { claimTask, insertTask } from './repository.ts';
import type { TaskType } from './types.ts';

/*
 * The background lane takes sellers in turn: a customer with a long queue (a hostile or huge
 * store's imports) never holds back another customer's task for more than one claim.
 */
let database: Database;

const newCustomer = () => insertTestCustomer(database, 'turns');

/** Each test queues its own type, so tasks left by another test are never claimed. */
let type: TaskType = 'sync_orders';
const queue = (customerId: string | null) => insertTask(database.db, { customerId, type, payload: {}, deadlineSeconds: 120 });
const claim = async (lane = 'background') => (await claimTask(database.db, 'turns-test', [type], 30, lane))?.customerId;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('claiming background tasks', () => {
  it("takes B's one task within the first two claims although A queued 50 before it", async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    for (let i = 0; i < 50; i++) await queue(a);
    await queue(b);
    const first = [await claim(), await claim()];
    expect(first).toContain(b);
    // Then A's queue goes on, oldest first.
    expect([await claim(), await claim()]).toEqual([a, a]);
  });

  it('serves the customer served least recently first, each customer oldest task first', async () => {
    type = 'test_turns_order';
    const a = await newCustomer();
    const b = await newCustomer();
    const c = await newCustomer();
    for (let i = 0; i < 5; i++) await queue(a);
    for (let i = 0; i < 5; i++) await queue(b);
    await queue(c);
    await queue(null);
    const order = [];
    for (let i = 0; i < 8; i++) order.push(await claim());
    // Newcomers first (in queue order), then turns alternate between the customers still waiting.
    expect(order.slice(0, 4)).toEqual([a, b, c, null]);
    expect(order.slice(4)).toEqual([a, b, a, b]);
  });

  it('keeps the turns of each lane apart', async () => {
    type = 'test_turns_lanes';
    const a = await newCustomer();
    const b = await newCustomer();
    await queue(a);
    await queue(a);
    await queue(b);
    expect(await claim('interactive')).toBe(a);
    // The background lane has not served A yet: A's older task comes first there.
    expect(await claim('background')).toBe(a);
    expect(await claim('background')).toBe(b);
  });
});
