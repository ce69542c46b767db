import type { Language } from './language.ts';

/** Messages of the WorqTrade journey: plan, applications, contact form (tr + en). */
export const applicationMessages = {} as const satisfies Record<string, Record<Language, string>>;
