export const languages = ['tr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'tr';

/** Picks the first supported language from an Accept-Language header; Turkish otherwise. */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return defaultLanguage;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if ((languages as readonly string[]).includes(entry.base)) return entry.base as Language;
  }
  return defaultLanguage;
}
