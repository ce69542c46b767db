import type { Language } from './language.ts';

/** Messages of the expert back-office and message delivery (tr + en). */
export const reviewMessages = {} as const satisfies Record<string, Record<Language, string>>;
