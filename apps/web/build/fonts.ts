/*
 * The two Roboto faces a first visit downloads, cut from Fontsource's variable faces with harfbuzz
 * (through subset-font, which keeps the weight axis) into `src/styles/fonts/`:
 *
 * - core (`roboto-core-wght.woff2`): of the latin face (43 kB), only what our Turkish and English
 *   pages show: ASCII, the Turkish letters of Latin-1, and the punctuation of our texts and of
 *   Intl's numbers and dates; about two thirds of the file.
 * - Turkish (`roboto-turkish-wght.woff2`): Ğ ğ İ Ş ş and the lira sign, the Turkish letters the
 *   latin face lacks, out of the latin-ext face; about a fifth of that file.
 *
 * fonts.css gives each face its unicode-range, so a browser downloads the full latin or latin-ext
 * face only for a letter outside these cuts (a seller's name with é or ā).
 *
 *   npm run fonts -w apps/web      # after an @fontsource-variable/roboto update; the web tests check the files are current
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

/** Printable ASCII, U+0020 to U+007E. */
const ascii = String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index));

/**
 * The characters of the core face. Each is one the latin face has a glyph for: Roboto's latin file
 * has none for ‐ ‑ ‒ ― ‰ ‡ ↑ ↓ → or U+2060, nor for most Unicode spaces (U+202F, which Intl writes
 * into English time ranges, included): as before, the next font of the family list draws those. †
 * is only in latin-ext, which is fetched for it.
 */
export const coreLetters = [
  ascii,
  '\u00a0', // no-break space (Intl: '1,2 Mn', 'TRY 1.00')
  'ÇçÖöÜüÂâÎîÛûı', // the Turkish letters of Latin-1, and dotless i
  '«»©°·×',
  '–—‘’‚“”„•…′″‹›⁄',
  '\u2002\u2009\u200b', // en space, thin space (Intl's date ranges), zero-width space
  '€™−',
].join('');
/** The same as a CSS unicode-range (fonts.css must say exactly this). */
export const coreUnicodeRange =
  'U+0020-007E, U+00A0, U+00A9, U+00AB, U+00B0, U+00B7, U+00BB, U+00C2, U+00C7, U+00CE, U+00D6-00D7, U+00DB-00DC, U+00E2, U+00E7, ' +
  'U+00EE, U+00F6, U+00FB-00FC, U+0131, U+2002, U+2009, U+200B, U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, ' +
  'U+2032-2033, U+2039-203A, U+2044, U+20AC, U+2122, U+2212';

/** The letters of the Turkish alphabet outside Fontsource's latin subset, and ₺. */
export const turkishExtraLetters = 'ĞğİŞş₺';
/** The same as a CSS unicode-range (fonts.css must say exactly this). */
export const turkishUnicodeRange = 'U+011E-011F, U+0130, U+015E-015F, U+20BA';

const require = createRequire(import.meta.url);
/** apps/web/src/styles (paths, not file URLs: the web tests run this under jsdom). */
export const stylesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'styles');

export const coreFacePath = path.join(stylesDir, 'fonts', 'roboto-core-wght.woff2');
export const turkishFacePath = path.join(stylesDir, 'fonts', 'roboto-turkish-wght.woff2');

/** An installed Fontsource variable face, every weight (`latin`, `latin-ext`). */
export function fontsourceFace(subset: string): Buffer {
  return readFileSync(require.resolve(`@fontsource-variable/roboto/files/roboto-${subset}-wght-normal.woff2`));
}

/** The core face, every weight, cut from the installed Fontsource variable latin face. */
export async function coreFace(): Promise<Buffer> {
  return subsetFont(fontsourceFace('latin'), coreLetters, { targetFormat: 'woff2' });
}

/** The Turkish face, every weight, cut from the installed Fontsource variable latin-ext face. */
export async function turkishFace(): Promise<Buffer> {
  return subsetFont(fontsourceFace('latin-ext'), turkishExtraLetters, { targetFormat: 'woff2' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, face] of [
    [coreFacePath, await coreFace()],
    [turkishFacePath, await turkishFace()],
  ] as const) {
    writeFileSync(file, face);
    console.log(`${path.basename(file)}: ${face.length} bytes`);
  }
}
