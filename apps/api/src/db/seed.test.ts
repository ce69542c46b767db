import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
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
