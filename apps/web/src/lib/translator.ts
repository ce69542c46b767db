/*
 * Our texts' lookup, in place of i18next (docs/decisions/016-own-translation-lookup.md). The texts
 * keep i18next's JSON format, and this keeps the part of its behaviour the product uses: keys in
 * namespaces (`ns:key`, dots into nested objects), plural forms by Intl.PluralRules (`key_one`,
 * `key_other`), `{{value}}` interpolation without escaping (React escapes), a fallback language,
 * `defaultValue` and `returnObjects`. Loading is the caller's: bundles are added as they arrive.
 */

/** Options of a lookup; any other property is a value for `{{name}}`. */
export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  lng?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

type Bundle = Record<string, unknown>;

const nsSeparator = ':';
const placeholder = /\{\{\s*-?\s*([\w.]+)\s*\}\}/g;

export class Translator {
  private readonly bundles = new Map<string, Bundle>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(
    private readonly fallbackLanguage: string,
    private readonly defaultNamespace: string,
  ) {}

  addBundle(language: string, namespace: string, texts: Bundle): void {
    this.bundles.set(`${language}|${namespace}`, texts);
  }

  hasBundle(language: string, namespace: string): boolean {
    return this.bundles.has(`${language}|${namespace}`);
  }

  /** A lookup in `language`, in `namespaces` in order unless a key or call names its own. */
  fixedT(language: string, namespaces: readonly string[] = []): TFunction {
    return ((key: string, options?: TOptions) => this.translate(language, namespaces, key, options)) as TFunction;
  }

  /** The text of `key`; the key itself (less its namespace) when no language has it. */
  translate(language: string, namespaces: readonly string[], key: string, options: TOptions = {}): unknown {
    const found = this.find(options.lng ?? language, namespaces, key, options);
    if (found.value === undefined) {
      return options.defaultValue === undefined ? found.key : interpolate(options.defaultValue, options);
    }
    if (typeof found.value === 'string') return interpolate(found.value, options);
    return options.returnObjects ? found.value : found.key;
  }

  exists(language: string, namespaces: readonly string[], key: string, options: TOptions = {}): boolean {
    return this.find(options.lng ?? language, namespaces, key, options).value !== undefined;
  }

  private find(language: string, namespaces: readonly string[], fullKey: string, options: TOptions) {
    const split = fullKey.indexOf(nsSeparator);
    const key = split > 0 ? fullKey.slice(split + 1) : fullKey;
    const fromOption = typeof options.ns === 'string' ? [options.ns] : options.ns;
    const inNamespaces = split > 0 ? [fullKey.slice(0, split)] : (fromOption ?? (namespaces.length ? namespaces : [this.defaultNamespace]));
    const languages = language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage];
    for (const lng of languages) {
      const candidates = typeof options.count === 'number' ? [`${key}_${this.pluralOf(lng, options.count)}`, key] : [key];
      for (const ns of inNamespaces) {
        const bundle = this.bundles.get(`${lng}|${ns}`);
        if (!bundle) continue;
        for (const candidate of candidates) {
          const value = lookUp(bundle, candidate);
          if (value !== undefined) return { key, value };
        }
      }
    }
    return { key, value: undefined };
  }

  private pluralOf(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }
}

function lookUp(bundle: Bundle, key: string): unknown {
  if (key in bundle) return bundle[key];
  let node: unknown = bundle;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

/** `{{name}}` (or `{{- name}}`, i18next's unescaped form) replaced by its value; an unknown name stays as written. */
export function interpolate(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(placeholder, (written, name: string) => {
    const value = name.includes('.') ? lookUp(values as Bundle, name) : values[name];
    return value === undefined || value === null ? written : String(value);
  });
}
