/*
 * Roboto for Turkish without the whole latin-ext face. Fontsource's latin face already holds ç, ö,
 * ü, ı and the circumflex vowels; of latin-ext a Turkish page needs only Ğ ğ İ Ş ş and the lira sign.
 * This cuts those six glyphs out of Fontsource's variable latin-ext face (harfbuzz through
 * subset-font, which keeps the weight axis) into `src/styles/fonts/roboto-turkish-wght.woff2`, about
 * a fifth of the full face; fonts.css gives each face its unicode-range so a browser downloads a
 * face only when the page uses one of its letters.
 *
 *   npm run fonts -w apps/web      # after an @fontsource-variable/roboto update; the web tests check the file is current
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

const require = createRequire(import.meta.url);
/** apps/web/src/styles (paths, not file URLs: the web tests run this under jsdom). */
export const stylesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'styles');

export const turkishFacePath = path.join(stylesDir, 'fonts', 'roboto-turkish-wght.woff2');

/** The Turkish face, every weight, cut from the installed Fontsource variable latin-ext face. */
export async function turkishFace(): Promise<Buffer> {
  const source = readFileSync(require.resolve('@fontsource-variable/roboto/files/roboto-latin-ext-wght-normal.woff2'));
  return subsetFont(source, turkishExtraLetters, { targetFormat: 'woff2' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const face = await turkishFace();
  writeFileSync(turkishFacePath, face);
  console.log(`roboto-turkish-wght.woff2: ${face.length} bytes`);
}
