/**
 * The theme boot script with its font list filled in: the built core and Turkish faces
 * (src/styles/fonts.css), which it preloads when the pre-rendered page is not shown.
 */
export function withFontFiles(script: string, assetFiles: readonly string[]): string {
  const placeholder = 'var fonts = {};';
  if (!script.includes(placeholder)) throw new Error('prerender: theme-boot.js has no font list');
  const find = (prefix: string) => {
    const file = assetFiles.find((name) => name.startsWith(prefix) && name.endsWith('.woff2'));
    if (!file) throw new Error(`prerender: no built font ${prefix}*.woff2`);
    return `/assets/${file}`;
  };
  const fonts = { core: find('roboto-core-wght-'), turkish: find('roboto-turkish-wght-') };
  return script.replace(placeholder, () => `var fonts = ${JSON.stringify(fonts)};`);
}
