/**
 * The server's entry (`npm start` runs its compiled form, dist/server.js). It starts compiling the
 * embedded database's WebAssembly first and only then loads the server itself: the compiled
 * build puts the rest in a chunk of its own, so the compile runs while that chunk is read, parsed
 * and evaluated (bench/cold-start). An empty DATABASE_URL means the embedded database, as in
 * config.ts; a PostgreSQL server needs no compile.
 */
import { startEmbeddedDatabaseCompile } from './db/embedded-wasm.ts';

// A failed compile is reported by openDatabase, which waits for it.
if (!process.env.DATABASE_URL) startEmbeddedDatabaseCompile().catch(() => {});
await import('./main.ts');
