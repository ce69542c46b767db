// @vitest-environment node
import type { OutputBundle, OutputChunk } from 'rollup';
import { bootChunkFiles } from './boot-chunks.ts';

/** The few fields of a Rollup output chunk the plugin reads. */
function chunk(fileName: string, imports: string[] = [], dynamicImports: string[] = []): OutputChunk {
  return { type: 'chunk', fileName, imports, dynamicImports } as unknown as OutputChunk;
}

describe('boot chunks preloaded from index.html', () => {
  it("lists the entry's dynamic imports and their static imports, once each, without what the entry loads already", () => {
    const entry = chunk(
      'assets/index.js',
      ['assets/react.js', 'assets/preload-helper.js'],
      ['assets/client.js', 'assets/i18n.js', 'assets/app.js'],
    );
    const chunks = [
      entry,
      chunk('assets/react.js'),
      chunk('assets/preload-helper.js'),
      chunk('assets/client.js', ['assets/react.js', 'assets/scheduler.js']),
      chunk('assets/scheduler.js'),
      chunk('assets/i18n.js', ['assets/react.js', 'assets/i18next.js'], ['assets/locale-tr.js']),
      chunk('assets/i18next.js'),
      chunk('assets/app.js', ['assets/client.js', 'assets/i18n.js', 'assets/router.js'], ['assets/login-page.js']),
      chunk('assets/router.js', ['assets/react.js']),
      chunk('assets/login-page.js'),
      chunk('assets/locale-tr.js'),
    ];
    const bundle = Object.fromEntries(chunks.map((item) => [item.fileName, item])) as OutputBundle;
    expect(bootChunkFiles(bundle, entry)).toEqual([
      'assets/client.js',
      'assets/scheduler.js',
      'assets/i18n.js',
      'assets/i18next.js',
      'assets/app.js',
      'assets/router.js',
    ]);
  });
});
