/*
 * Wire contract of the Location area (API.md Applications, GET /location/city/view): reference
 * data of the contact form, Türkiye's 81 provinces (specification §9: page size 81).
 * The API validates and documents its route with these schemas; the web imports the types only.
 */
import { z } from 'zod';

export const cityView = z.object({ id: z.number().int(), name: z.string(), plate_code: z.number().int() });
export type CityView = z.output<typeof cityView>;

/** GET /location/city/view */
export const cityPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe('Zero-based'),
  pagesize: z.coerce.number().int().min(1).max(100).default(81),
});
export type CityPageQuery = z.input<typeof cityPageQuery>;
export const cityPage = z.object({ items: z.array(cityView), total: z.number().int() });
export type CityPage = z.output<typeof cityPage>;
