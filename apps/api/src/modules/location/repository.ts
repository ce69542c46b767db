import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities } from '../../db/schema.ts';

export type City = typeof cities.$inferSelect;

/** One page of the provinces, in licence-plate order (01 Adana … 81 Düzce). */
export async function listCities(db: Db, page: number, pageSize: number): Promise<{ items: City[]; total: number }> {
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(cities)
      .orderBy(asc(cities.plateCode))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(cities),
  ]);
  return { items, total: totals?.total ?? 0 };
}

export async function findCity(db: Db, id: number): Promise<City | undefined> {
  const [row] = await db.select().from(cities).where(eq(cities.id, id)).limit(1);
  return row;
}
