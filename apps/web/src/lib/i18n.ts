import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['tr', 'en'] as const;
export type AppLanguage = (typeof supportedLanguages)[number];
export const defaultLanguage: AppLanguage = 'tr';
export const languageStorageKey = 'preferredLanguage';
export const namespaces = [
  'common',
  'ui',
  'feedback',
  'dev',
  'auth',
  'profile',
  'connections',
  'tasks',
  'worq-trade',
  'admin',
  'consent',
  'support',
  'insight',
] as const;
export type Namespace = (typeof namespaces)[number];
/**
 * What every screen needs (shell, shared components, toasts). The rest is fetched by the screens
 * that use it (withNamespaces), so the first page does not wait for texts it never shows. The
 * build puts these into one file per language (build/chunks.ts startUpTextsChunk, which names
 * them again: the build cannot load this module).
 */
export const initialNamespaces = ['common', 'feedback', 'ui'] as const satisfies readonly Namespace[];

// Each locale file becomes its own chunk, fetched on demand: the translation backend.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const loaderFor = (language: string, namespace: string) => loaders[`../locales/${language}/${namespace}.json`];

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguage(): AppLanguage {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    if (stored === 'tr' || stored === 'en') return stored;
    localStorage.setItem(languageStorageKey, defaultLanguage);
  } catch {
    // Storage can be unavailable (private mode); Turkish still applies.
  }
  return defaultLanguage;
}

export async function changeLanguage(language: AppLanguage): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // ignore: the choice still applies to this page
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: supportedLanguages,
    ns: [...initialNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });

/**
 * Starts fetching the texts of `ns` in the language the page will show, alongside the screen's
 * code. i18next asks for them only once its start-up texts are in, which on a first visit put the
 * screen's texts one round trip behind its code; the backend's later read finds them fetched.
 */
export function prefetchNamespaces(ns: readonly Namespace[]): void {
  const language = i18n.resolvedLanguage ?? storedLanguage();
  for (const namespace of ns) {
    if (i18n.hasResourceBundle(language, namespace)) continue;
    loaderFor(language, namespace)?.().catch(() => undefined);
  }
}

/**
 * Wraps a route module's loader (React Router `lazy`) so that the screen's namespaces are loaded
 * together with its code: the screen renders translated, never with raw keys for a moment. A
 * failed text load still lets the screen render (i18next then shows the keys) rather than break it.
 */
export function withNamespaces<T>(ns: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    prefetchNamespaces(ns);
    const [module] = await Promise.all([load(), i18nReady.then(() => i18n.loadNamespaces([...ns])).catch(() => undefined)]);
    return module;
  };
}

export default i18n;
