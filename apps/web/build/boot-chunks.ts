import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

/**
 * src/main.tsx starts the app in steps (React DOM, the texts, React Router, the app; one task
 * each) through dynamic imports, which a browser would only request when each step is reached. This adds a
 * `<link rel="modulepreload">` to index.html for every chunk those steps need, so all of them are
 * requested with the entry script, as a static import would be.
 */
export function preloadBootChunks(): Plugin {
  return {
    name: 'worq-preload-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.chunk) return [];
        return bootChunkFiles(context.bundle, context.chunk).map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/** The chunks the entry imports dynamically and everything they import statically, minus what the entry already loads. */
export function bootChunkFiles(bundle: OutputBundle, entry: OutputChunk): string[] {
  const loadedWithEntry = new Set<string>([entry.fileName]);
  const addStatic = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) addStatic(imported, into);
  };
  for (const imported of entry.imports) addStatic(imported, loadedWithEntry);
  const boot = new Set<string>();
  for (const file of entry.dynamicImports) addStatic(file, boot);
  return [...boot].filter((file) => !loadedWithEntry.has(file));
}
