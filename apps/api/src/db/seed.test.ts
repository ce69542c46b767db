import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { cities, marketplaces, terms } from './schema.ts';
import { seedReferenceData } from './seed.ts';
import { termsCatalogue } from './terms-content.ts';
import { openTestDatabase } from '../test/helpers.ts';
import type { Database } from './client.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const rowCount = async (table: typeof cities | typeof marketplaces | typeof terms) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('reference data seed', () => {
  it('can run twice and leaves 81 cities, 7 marketplaces and every text in Turkish and English', async () => {
    await seedReferenceData(database.db);
    await seedReferenceData(database.db);
    expect(await rowCount(cities)).toBe(81);
    expect(await rowCount(marketplaces)).toBe(7);
    expect(await rowCount(terms)).toBe(8);
    for (const language of ['tr', 'en'] as const) {
      const rows = await database.db.select({ termType: terms.termType }).from(terms).where(eq(terms.language, language));
      expect(rows.map((row) => row.termType).sort()).toEqual(['consent', 'disclosure', 'electronic_message', 'more_info']);
    }
    const istanbul = await database.db.select().from(cities).where(eq(cities.plateCode, 34));
    expect(istanbul[0]?.name).toBe('İstanbul');
    const codes = (await database.db.select({ code: marketplaces.code }).from(marketplaces).orderBy(marketplaces.sortOrder)).map(
      (row) => row.code,
    );
    expect(codes).toEqual(['trendyol', 'hepsiburada', 'n11', 'ciceksepeti', 'amazon', 'ideasoft', 'ticimax']);
  });

  it('corrects a changed reference row and leaves rows already up to date unwritten', async () => {
    await seedReferenceData(database.db);
    await database.db.update(cities).set({ name: 'Istanbul' }).where(eq(cities.id, 34));
    await database.db.update(marketplaces).set({ sortOrder: 99 }).where(eq(marketplaces.code, 'n11'));
    // xmin is the transaction that wrote a row's current version: an update, even to equal values, changes it.
    const versions = async () => {
      const result = (await database.db.execute(
        sql`select id::text as id, xmin::text as xmin from cities union all select code, xmin::text from marketplaces`,
      )) as unknown as { rows: { id: string; xmin: string }[] };
      return result.rows;
    };
    const before = new Map((await versions()).map((row) => [row.id, row.xmin]));
    await seedReferenceData(database.db);
    const rewritten = (await versions()).filter((row) => before.get(row.id) !== row.xmin).map((row) => row.id);
    expect(rewritten.sort()).toEqual(['34', 'n11']);
    expect((await database.db.select().from(cities).where(eq(cities.id, 34)))[0]?.name).toBe('İstanbul');
    expect((await database.db.select().from(marketplaces).where(eq(marketplaces.code, 'n11')))[0]?.sortOrder).toBe(2);
  });

  it('keeps the seeded legal texts to plain, safe markup', () => {
    const allowedTag = /^<\/?(h2|h3|p|ul|ol|li|strong|em|br)>$/;
    for (const term of termsCatalogue) {
      for (const language of ['tr', 'en'] as const) {
        const html = term[language].content;
        const tags = html.match(/<[^>]*>/g) ?? [];
        expect(tags.length, `${term.termType}/${language}`).toBeGreaterThan(0);
        for (const tag of tags) expect(tag, `${term.termType}/${language}`).toMatch(allowedTag);
        expect(html).not.toMatch(/javascript:|&#|<!--/i);
      }
    }
  });
});
