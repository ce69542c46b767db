// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fontWeights, stylesDir, turkishExtraLetters, turkishFace, turkishFacePath, turkishUnicodeRange } from './turkish-fonts.ts';

const fontsCss = readFileSync(path.join(stylesDir, 'fonts.css'), 'utf8');

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
    const latinRange = /roboto-latin-400-normal\.woff2'\) format\('woff2'\);\s*unicode-range:\s*([^;]+);/.exec(fontsCss)?.[1];
    expect(latinRange).toBeDefined();
    const latin = codePointsOf(latinRange!);
    const turkishAlphabet = 'AaBbCcÇçDdEeFfGgĞğHhIıİiJjKkLlMmNnOoÖöPpRrSsŞşTtUuÜüVvYyZzÂâÎîÛû₺';
    const missing = [...turkishAlphabet].filter((letter) => !latin.has(letter.codePointAt(0)!));
    expect(missing.join('')).toBe(turkishExtraLetters);
    expect([...codePointsOf(turkishUnicodeRange)].sort()).toEqual([...turkishExtraLetters].map((letter) => letter.codePointAt(0)).sort());
  });

  it.each(fontWeights)('declares the %i weight with the Turkish range, after the full latin-ext face', (weight) => {
    const turkish = fontsCss.indexOf(`./fonts/roboto-turkish-${weight}.woff2') format('woff2');\n  unicode-range: ${turkishUnicodeRange};`);
    const latinExt = fontsCss.indexOf(`roboto-latin-ext-${weight}-normal.woff2`);
    expect(turkish).toBeGreaterThan(-1);
    expect(latinExt).toBeGreaterThan(-1);
    expect(turkish).toBeGreaterThan(latinExt);
  });

  it.each(fontWeights)('ships the %i face as the script cuts it from the installed Fontsource files', async (weight) => {
    const committed = readFileSync(turkishFacePath(weight));
    const fresh = await turkishFace(weight);
    // Fails after an @fontsource/roboto update until `npm run fonts -w apps/web` is run again.
    expect(committed.equals(fresh)).toBe(true);
    expect(committed.length).toBeLessThan(8_000);
  });
});
