/** Names for lists that do not carry one (the integration list holds only the code). */
export const marketplaceNames: Record<string, string> = {
  trendyol: 'Trendyol',
  hepsiburada: 'Hepsiburada',
  n11: 'N11',
  ciceksepeti: 'Çiçeksepeti',
  amazon: 'Amazon',
  ideasoft: 'Ideasoft',
  ticimax: 'Ticimax',
};

export function marketplaceName(code: string): string {
  return marketplaceNames[code] ?? code;
}

/** The static badge in public/marketplaces. */
export function marketplaceLogoUrl(code: string): string {
  return `/marketplaces/${encodeURIComponent(code)}.svg`;
}

/** How many steps each marketplace's how-to has (texts: connections:howto.{code}.step_{n}). */
export const howToStepCounts: Record<string, number> = {
  trendyol: 3,
  hepsiburada: 3,
  n11: 3,
  ciceksepeti: 3,
  amazon: 3,
  ideasoft: 4,
  ticimax: 4,
};

export function localeOf(language: string): string {
  return language === 'en' ? 'en-GB' : 'tr-TR';
}
