/*
 * Wire contract of the work context (API.md Customer, GET /work_context/get/{customer_id}): which
 * parts of the portal the navigation shows to the customer.
 * The API validates and documents its route with these schemas; the web imports the types only.
 */
import { z } from 'zod';

export const navbarElements = ['applications', 'insight', 'connections'] as const;
export type NavbarElement = (typeof navbarElements)[number];

/** GET /work_context/get/{customer_id}: 403 for anyone else's id. */
export const workContextParams = z.object({ customer_id: z.string().max(64) });
export type WorkContextParams = z.input<typeof workContextParams>;
export const workContext = z.object({ navbar_elements: z.array(z.enum(navbarElements)) });
export type WorkContext = z.output<typeof workContext>;
