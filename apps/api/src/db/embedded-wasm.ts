import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly global; this package's TypeScript libraries (no DOM) do not declare it. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;

/** The compile `startEmbeddedDatabaseCompile` started, for `openDatabase` to hand to PGlite. */
export let embeddedDatabaseCompile: Promise<WasmModule> | undefined;

/**
 * Starts reading and compiling PGlite's WebAssembly (9 MB) off the main thread. The server's entry
 * calls it before it loads any other module, so the file read and the compile overlap the parsing
 * and evaluation of the rest of the server (bench/cold-start); `openDatabase` then uses the result
 * (PGlite's `pgliteWasmModule` option). This module imports nothing heavy for that reason.
 * Calling it again returns the same compile.
 */
export function startEmbeddedDatabaseCompile(): Promise<WasmModule> {
  embeddedDatabaseCompile ??= readFile(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm'))).then((bytes) =>
    wasm.compile(bytes),
  );
  return embeddedDatabaseCompile;
}
