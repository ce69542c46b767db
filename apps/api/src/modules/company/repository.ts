import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

export async function findCompanyById(db: Db, customerId: string, id: string): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.customerId, customerId)))
    .limit(1);
  return row;
}

/** The company the customer changed last. */
export async function latestCompanyOf(db: Db, customerId: string): Promise<Company | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.customerId, customerId)).orderBy(desc(companies.updatedAt)).limit(1);
  return row;
}

export async function findCompanyByTaxNumber(db: Db, customerId: string, taxNumber: string): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.customerId, customerId), eq(companies.taxNumber, taxNumber)))
    .limit(1);
  return row;
}

export async function findCompaniesByIds(db: Db, customerId: string, ids: string[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.customerId, customerId), inArray(companies.id, ids)));
}

/** Inserts the company; undefined when the customer already has one with this tax number. */
export async function insertCompany(db: Db, values: NewCompany): Promise<Company | undefined> {
  const [row] = await db.insert(companies).values(values).onConflictDoNothing().returning();
  return row;
}
