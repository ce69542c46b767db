// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import subsetFont from 'subset-font';
import {
  coreFace,
  coreFacePath,
  coreLetters,
  coreUnicodeRange,
  fontsourceFace,
  stylesDir,
  turkishExtraLetters,
  turkishFace,
  turkishFacePath,
  turkishUnicodeRange,
} from './fonts.ts';

const require = createRequire(import.meta.url);
const fontsCss = readFileSync(path.join(stylesDir, 'fonts.css'), 'utf8');
const localesDir = path.join(stylesDir, '..', 'locales');

/** The descriptors of each face of fonts.css, in order of declaration (whitespace collapsed). */
const declared = [...fontsCss.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
  return (name: string) => new RegExp(`(?:^|[\\s;])${name}:\\s*([^;]+);`).exec(body!)?.[1]?.replace(/\s+/g, ' ');
});
/** The Roboto faces: file name, weights and unicode-range. */
const faces = declared
  .filter((descriptor) => descriptor('font-family') === "'Roboto'")
  .map((descriptor) => ({
    file: /([\w-]+\.woff2)'\)/.exec(descriptor('src') ?? '')?.[1],
    weight: descriptor('font-weight'),
    range: descriptor('unicode-range') ?? '',
  }));
const rangeOf = (file: string) => faces.find((face) => face.file === file)?.range ?? '';

/** The table tags of an OpenType file (its table directory: the count at byte 4, 16-byte records from byte 12). */
function tableTags(font: Buffer): string[] {
  return Array.from({ length: font.readUInt16BE(4) }, (_, index) => font.toString('latin1', 12 + index * 16, 16 + index * 16));
}

/** Code points of a CSS unicode-range list such as `U+011E-011F, U+0130`. */
function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from!, 16); point <= parseInt(to!, 16); point += 1) points.add(point);
  }
  return points;
}

const codePoints = (text: string) => [...text].map((letter) => letter.codePointAt(0)!);
const sorted = (points: Iterable<number>) => [...points].sort((a, b) => a - b);
/** The code points a font file has a glyph for (its cmap). */
const glyphsOf = (font: Buffer) => new Set(fontkit.create(font).characterSet);
const isControl = (point: number) => /\p{Cc}/u.test(String.fromCodePoint(point));
const named = (point: number) => `U+${point.toString(16).toUpperCase().padStart(4, '0')} ${String.fromCodePoint(point)}`;

/** Characters our texts use that no Roboto file has: the next font of the family list draws them. */
const notInRoboto = '→';

/** Every string in a JSON value, however deep. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('Roboto faces', () => {
  it('declares the full faces first, then the core face, then the Turkish one, each for every weight', () => {
    expect(faces.map((face) => face.file)).toEqual([
      'roboto-latin-ext-wght-normal.woff2',
      'roboto-latin-wght-normal.woff2',
      'roboto-core-wght.woff2',
      'roboto-turkish-wght.woff2',
    ]);
    for (const face of faces) expect(face.weight).toBe('100 900');
    expect(rangeOf('roboto-core-wght.woff2')).toBe(coreUnicodeRange);
    expect(rangeOf('roboto-turkish-wght.woff2')).toBe(turkishUnicodeRange);
  });

  it("sizes the fallback face to Roboto's ascent, descent and line gap", () => {
    const fallback = declared.find((descriptor) => descriptor('font-family') === "'Roboto Fallback'");
    expect(fallback).toBeDefined();
    const percent = (name: string) => Number(/^([\d.]+)%$/.exec(fallback!(name) ?? '')?.[1]);
    const roboto = fontkit.create(fontsourceFace('latin'));
    // size-adjust would scale the overrides as well. Below 100% it drew the pre-rendered page's
    // text narrower than Roboto, and the live page became a later largest contentful paint.
    const scale = fallback!('size-adjust') === undefined ? 1 : percent('size-adjust') / 100;
    expect(scale).toBeGreaterThanOrEqual(1);
    expect(scale).toBeLessThan(1.05);
    expect((percent('ascent-override') / 100) * scale).toBeCloseTo(roboto.ascent / roboto.unitsPerEm, 3);
    expect((percent('descent-override') / 100) * scale).toBeCloseTo(-roboto.descent / roboto.unitsPerEm, 3);
    expect(percent('line-gap-override')).toBe((roboto.lineGap / roboto.unitsPerEm) * 100);
    expect(fallback!('src')).toContain("local('Arial')");
  });

  it("gives the full faces Fontsource's ranges, the latin one only where its file has a glyph", () => {
    const fontsource = JSON.parse(readFileSync(require.resolve('@fontsource-variable/roboto/unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(sorted(codePointsOf(rangeOf('roboto-latin-ext-wght-normal.woff2')))).toEqual(sorted(codePointsOf(fontsource['latin-ext']!)));
    const glyphs = glyphsOf(fontsourceFace('latin'));
    const drawable = [...codePointsOf(fontsource.latin!)].filter((point) => glyphs.has(point) && !isControl(point));
    expect(sorted(codePointsOf(rangeOf('roboto-latin-wght-normal.woff2')))).toEqual(sorted(drawable));
  });

  it('cuts the core face of letters the latin face has, and declares exactly those', () => {
    expect(sorted(codePointsOf(coreUnicodeRange))).toEqual(sorted(new Set(codePoints(coreLetters))));
    // A letter claimed without a glyph would send the browser on to the full latin face.
    const latin = glyphsOf(fontsourceFace('latin'));
    expect(
      codePoints(coreLetters)
        .filter((point) => !latin.has(point))
        .map(named),
    ).toEqual([]);
  });

  it('covers exactly the Turkish letters the latin and core faces lack with the Turkish face', () => {
    const turkishAlphabet = 'AaBbCcÇçDdEeFfGgĞğHhIıİiJjKkLlMmNnOoÖöPpRrSsŞşTtUuÜüVvYyZzÂâÎîÛû₺';
    for (const range of [rangeOf('roboto-latin-wght-normal.woff2'), coreUnicodeRange]) {
      const covered = codePointsOf(range);
      expect([...turkishAlphabet].filter((letter) => !covered.has(letter.codePointAt(0)!)).join('')).toBe(turkishExtraLetters);
    }
    expect(sorted(codePointsOf(turkishUnicodeRange))).toEqual(sorted(codePoints(turkishExtraLetters)));
  });

  it('draws every character of our texts with the core and Turkish faces', () => {
    const ours = new Set([...codePointsOf(coreUnicodeRange), ...codePointsOf(turkishUnicodeRange)]);
    const files = readdirSync(localesDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(1);
    const missing = new Map<number, string>();
    for (const file of files) {
      const texts = stringsOf(JSON.parse(readFileSync(path.join(localesDir, file), 'utf8'))).join('');
      for (const point of codePoints(texts)) {
        if (!ours.has(point) && !isControl(point) && !notInRoboto.includes(String.fromCodePoint(point))) missing.set(point, file);
      }
    }
    expect(sorted(missing.keys()).map((point) => `${named(point)} (${missing.get(point)})`)).toEqual([]);
    // Those drawn by another font must not fetch a Roboto face to find no glyph there.
    const claimed = faces.flatMap((face) => [...codePointsOf(face.range)]);
    expect(
      codePoints(notInRoboto)
        .filter((point) => claimed.includes(point))
        .map(named),
    ).toEqual([]);
  });

  it.each([
    ['core', coreFacePath, coreFace, coreLetters, 30_000],
    ['Turkish', turkishFacePath, turkishFace, turkishExtraLetters, 8_000],
  ] as const)(
    'ships the %s face as the script cuts it from the installed Fontsource file, with the weight axis kept',
    async (_name, file, cut, letters, limit) => {
      const committed = readFileSync(file);
      // Fails after an @fontsource-variable/roboto update until `npm run fonts -w apps/web` is run again.
      expect(committed.equals(await cut())).toBe(true);
      expect(committed.length).toBeLessThan(limit);
      const glyphs = glyphsOf(committed);
      expect(
        codePoints(letters)
          .filter((point) => !glyphs.has(point))
          .map(named),
      ).toEqual([]);
      const sfnt = await subsetFont(committed, letters, { targetFormat: 'sfnt' });
      expect(tableTags(sfnt)).toEqual(expect.arrayContaining(['fvar', 'gvar']));
    },
  );
});
