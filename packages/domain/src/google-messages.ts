import type { Language } from './language.ts';

/** Messages of Google sign-in and analytics consent (tr + en). */
export const googleMessages = {} as const satisfies Record<string, Record<Language, string>>;
