import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { provinces, marketplaceCatalogue } from './reference-data.ts';
import { cities, marketplaces, terms } from './schema.ts';
import { termsCatalogue } from './terms-content.ts';

/** Loads reference data; safe to run on every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(cities)
    .values(provinces.map(([plateCode, name]) => ({ id: plateCode, plateCode, name })))
    .onConflictDoUpdate({
      target: cities.id,
      set: { name: sql`excluded.name` },
      // Every start runs the seed: rows already up to date are left alone instead of rewritten.
      setWhere: sql`cities.name is distinct from excluded.name`,
    });

  await db
    .insert(marketplaces)
    .values(marketplaceCatalogue.map((entry, sortOrder) => ({ ...entry, sortOrder })))
    .onConflictDoUpdate({
      target: marketplaces.code,
      set: { name: sql`excluded.name`, authType: sql`excluded.auth_type`, sortOrder: sql`excluded.sort_order` },
      setWhere: sql`(marketplaces.name, marketplaces.auth_type, marketplaces.sort_order) is distinct from (excluded.name, excluded.auth_type, excluded.sort_order)`,
    });

  await db
    .insert(terms)
    .values(
      termsCatalogue.flatMap((term) =>
        (['tr', 'en'] as const).map((language) => ({
          termType: term.termType,
          language,
          version: term.version,
          title: term[language].title,
          content: term[language].content,
        })),
      ),
    )
    .onConflictDoNothing();
}
