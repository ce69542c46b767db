/*
 * Roboto for Turkish without the whole latin-ext face. Fontsource's latin face already holds ç, ö,
 * ü, ı and the circumflex vowels; of latin-ext a Turkish page needs only Ğ ğ İ Ş ş and the lira sign.
 * This cuts those six glyphs out of Fontsource's latin-ext files (harfbuzz through subset-font) into
 * `src/styles/fonts/roboto-turkish-<weight>.woff2`, about a fifth of the full face; fonts.css gives
 * each face its unicode-range so a browser downloads a face only when the page uses one of its letters.
 *
 *   npm run fonts -w apps/web      # after an @fontsource/roboto update; the web tests check the files are current
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/** The letters of the Turkish alphabet outside Fontsource's latin subset, and ₺. */
export const turkishExtraLetters = 'ĞğİŞş₺';
/** The same as a CSS unicode-range (fonts.css must say exactly this). */
export const turkishUnicodeRange = 'U+011E-011F, U+0130, U+015E-015F, U+20BA';
export const fontWeights = [400, 500, 700] as const;

const require = createRequire(import.meta.url);
/** apps/web/src/styles (paths, not file URLs: the web tests run this under jsdom). */
export const stylesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'styles');

export function turkishFacePath(weight: number): string {
  return path.join(stylesDir, 'fonts', `roboto-turkish-${weight}.woff2`);
}

/** The Turkish face of one weight, cut from the installed Fontsource latin-ext face. */
export async function turkishFace(weight: number): Promise<Buffer> {
  const source = readFileSync(require.resolve(`@fontsource/roboto/files/roboto-latin-ext-${weight}-normal.woff2`));
  return subsetFont(source, turkishExtraLetters, { targetFormat: 'woff2' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const weight of fontWeights) {
    const face = await turkishFace(weight);
    writeFileSync(turkishFacePath(weight), face);
    console.log(`roboto-turkish-${weight}.woff2: ${face.length} bytes`);
  }
}
