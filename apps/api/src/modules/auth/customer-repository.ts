import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export async function findCustomerById(db: Db, id: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** `email` must already be normalised (emailField does it). */
export async function findCustomerByEmail(db: Db, email: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email)).limit(1);
  return row;
}

/** Inserts a customer; undefined when the e-mail is already taken (also under a race). */
export async function insertCustomer(db: Db, values: NewCustomer): Promise<Customer | undefined> {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing({ target: customers.email }).returning();
  return row;
}

export async function updateCustomer(
  db: Db,
  id: string,
  values: Partial<Omit<NewCustomer, 'id' | 'createdAt'>>,
): Promise<Customer | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

/** Whether the account exists and is an expert now (the back-office asks on every write). */
export async function isExpertNow(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ role: customers.role }).from(customers).where(eq(customers.id, id)).limit(1);
  return row?.role === 'expert';
}
