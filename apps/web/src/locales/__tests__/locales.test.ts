import { describe, expect, it } from 'vitest';
import { namespaces, supportedLanguages } from '../../lib/i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('../*/*.json', { eager: true, import: 'default' });

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function emptyValues(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => emptyValues(child, prefix ? `${prefix}.${key}` : key));
}

describe('locale files', () => {
  it('exist for every language and namespace, and nothing else', () => {
    const expected = supportedLanguages.flatMap((language) => namespaces.map((ns) => `../${language}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  it.each(namespaces)('namespace %s has the same keys in Turkish and English', (ns) => {
    const tr = keysOf(files[`../tr/${ns}.json`]).sort();
    const en = keysOf(files[`../en/${ns}.json`]).sort();
    expect({ onlyInTurkish: tr.filter((k) => !en.includes(k)), onlyInEnglish: en.filter((k) => !tr.includes(k)) }).toEqual({
      onlyInTurkish: [],
      onlyInEnglish: [],
    });
  });

  it.each(namespaces)('namespace %s has no empty texts', (ns) => {
    for (const language of supportedLanguages) {
      expect(emptyValues(files[`../${language}/${ns}.json`]).filter((k) => k !== '')).toEqual([]);
    }
  });
});
