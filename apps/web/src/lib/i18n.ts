import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { languages } from '@worq/domain/language';
import { Translator, type TFunction, type TOptions } from './translator.ts';

export type { TFunction, TOptions };

export const supportedLanguages = languages;
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

// Each locale file becomes its own chunk, fetched on demand.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const loaderFor = (language: string, namespace: string) => loaders[`../locales/${language}/${namespace}.json`];

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

type Listener = () => void;

function showLanguage(language: AppLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * The page's texts: which language shows, which namespaces are in, and the lookup. The same calls
 * as the i18next instance it replaces (language, t, loadNamespaces, changeLanguage, …), so screens
 * and tests read the same; a namespace is fetched once per language, and only in the language the
 * page shows (English texts are complete, src/locales/__tests__).
 */
class PageTexts {
  language: AppLanguage = defaultLanguage;
  private readonly translator = new Translator(defaultLanguage, 'common');
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  /** Every namespace asked for so far: a language switch brings each of them in the new language. */
  private readonly wanted = new Set<string>();
  private changingTo: AppLanguage | null = null;

  t: TFunction = ((key: string, options?: TOptions) => this.translator.translate(this.language, [], key, options)) as TFunction;

  /** A lookup in `language` (the page's, as it is now, when null) and `ns`. */
  getFixedT(language: string | null, ns: string | readonly string[] = []): TFunction {
    return this.translator.fixedT(language ?? this.language, typeof ns === 'string' ? [ns] : ns);
  }

  exists(key: string, options?: TOptions): boolean {
    return this.translator.exists(this.language, [], key, options);
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.translator.hasBundle(language, namespace);
  }

  hasLoadedNamespace(namespace: string): boolean {
    return this.translator.hasBundle(this.language, namespace);
  }

  /** Loads `ns` in the page's language. Never rejects: a namespace that failed shows its keys, and a later call asks again. */
  async loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const namespace of list) this.wanted.add(namespace);
    await Promise.all(list.map((namespace) => this.load(this.language, namespace)));
  }

  async changeLanguage(language: AppLanguage): Promise<void> {
    this.changingTo = language;
    await Promise.all([...this.wanted].map((namespace) => this.load(language, namespace)));
    // A later choice made while these texts downloaded wins, whichever download ends last.
    if (this.changingTo !== language || language === this.language) return;
    this.language = language;
    showLanguage(language);
    this.changed();
  }

  /** For React (useSyncExternalStore): called after each language switch or loaded namespace. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private load(language: string, namespace: string): Promise<void> {
    if (this.translator.hasBundle(language, namespace)) return Promise.resolve();
    const id = `${language}|${namespace}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const load = loaderFor(language, namespace);
      pending = (load ? load() : Promise.resolve({ default: {} })).then(
        (module) => {
          this.translator.addBundle(language, namespace, module.default);
          if (language === this.language) this.changed();
        },
        () => undefined,
      );
      pending.finally(() => this.loading.delete(id)).catch(() => undefined);
      this.loading.set(id, pending);
    }
    return pending;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

const i18n = new PageTexts();

export async function changeLanguage(language: AppLanguage): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // ignore: the choice still applies to this page
  }
  await i18n.changeLanguage(language);
}

i18n.language = storedLanguage();
showLanguage(i18n.language);
export const i18nReady = i18n.loadNamespaces(initialNamespaces);

/**
 * The texts of `ns` for a component: `t` looks in them in order (a key may name another, `ns:key`),
 * and the component renders again when the language changes or they arrive. Namespaces not yet
 * loaded are fetched; until then `ready` is false and `t` gives keys.
 */
export function useTranslation(ns?: Namespace | readonly Namespace[]): { t: TFunction; i18n: PageTexts; ready: boolean } {
  const list: readonly string[] = ns === undefined ? [] : typeof ns === 'string' ? [ns] : ns;
  const names = list.join(',');
  const state = () => `${i18n.language}|${list.every((namespace) => i18n.hasLoadedNamespace(namespace))}`;
  const current = useSyncExternalStore(i18n.subscribe, state, state);
  const ready = current.endsWith('|true');
  useEffect(() => {
    if (!ready && names) void i18n.loadNamespaces(names.split(','));
  }, [ready, names]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language and namespace list, as react-i18next gives
  const t = useMemo(() => i18n.getFixedT(null, names ? names.split(',') : []), [current, names]);
  return { t, i18n, ready };
}

/**
 * Wraps a route module's loader (React Router `lazy`) so that the screen's namespaces are fetched
 * together with its code: the screen renders translated, never with raw keys for a moment. A
 * failed text load still lets the screen render (it then shows the keys) rather than break it.
 */
export function withNamespaces<T>(ns: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(ns).catch(() => undefined)]);
    return module;
  };
}

export default i18n;
