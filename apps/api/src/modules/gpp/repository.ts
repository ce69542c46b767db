import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema.ts';
import type { Plan } from '../application/public.ts';

export type NewPlan = typeof plans.$inferInsert;

/** One plan per application: saving again replaces every figure. */
export async function upsertPlan(db: Db, values: NewPlan): Promise<Plan> {
  const { applicationId: _applicationId, customerId: _customerId, ...figures } = values;
  const [row] = await db
    .insert(plans)
    .values(values)
    .onConflictDoUpdate({ target: plans.applicationId, set: { ...figures, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('plan upsert returned nothing');
  return row;
}
