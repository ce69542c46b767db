// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { stylesDir, turkishExtraLetters, turkishFace, turkishFacePath, turkishUnicodeRange } from './turkish-fonts.ts';

const fontsCss = readFileSync(path.join(stylesDir, 'fonts.css'), 'utf8');

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

describe('Turkish Roboto faces', () => {
  it('cover exactly the Turkish letters the latin face lacks', () => {
    const latinRange = /roboto-latin-wght-normal\.woff2'\) format\('woff2'\);\s*unicode-range:\s*([^;]+);/.exec(fontsCss)?.[1];
    expect(latinRange).toBeDefined();
    const latin = codePointsOf(latinRange!);
    const turkishAlphabet = 'AaBbCcÇçDdEeFfGgĞğHhIıİiJjKkLlMmNnOoÖöPpRrSsŞşTtUuÜüVvYyZzÂâÎîÛû₺';
    const missing = [...turkishAlphabet].filter((letter) => !latin.has(letter.codePointAt(0)!));
    expect(missing.join('')).toBe(turkishExtraLetters);
    expect([...codePointsOf(turkishUnicodeRange)].sort()).toEqual([...turkishExtraLetters].map((letter) => letter.codePointAt(0)).sort());
  });

  it('declares the Turkish face with its range and every weight, after the full latin-ext face', () => {
    const turkish = fontsCss.indexOf(
      `font-weight: 100 900;\n  src: url('./fonts/roboto-turkish-wght.woff2') format('woff2');\n  unicode-range: ${turkishUnicodeRange};`,
    );
    const latinExt = fontsCss.indexOf('roboto-latin-ext-wght-normal.woff2');
    expect(turkish).toBeGreaterThan(-1);
    expect(latinExt).toBeGreaterThan(-1);
    expect(turkish).toBeGreaterThan(latinExt);
  });

  it('ships the face as the script cuts it from the installed Fontsource file, with the weight axis kept', async () => {
    const committed = readFileSync(turkishFacePath);
    const fresh = await turkishFace();
    // Fails after an @fontsource-variable/roboto update until `npm run fonts -w apps/web` is run again.
    expect(committed.equals(fresh)).toBe(true);
    expect(committed.length).toBeLessThan(8_000);
    const sfnt = await subsetFont(committed, turkishExtraLetters, { targetFormat: 'sfnt' });
    expect(tableTags(sfnt)).toEqual(expect.arrayContaining(['fvar', 'gvar']));
  });
});
