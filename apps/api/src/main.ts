/** Starts the server: configuration, database, app, listening and a graceful shutdown (see server.ts). */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const { buildApp } = await import('./app.ts');
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const app = await buildApp({ config, database });

  // SIGTERM (orchestrators, `docker stop`) and SIGINT (Ctrl+C): stop accepting, let requests in
  // flight finish, close the database, exit 0. A shutdown that hangs is cut off after 10 s.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      process.stderr.write('Shutdown took longer than 10 s; exiting.\n');
      process.exit(1);
    }, 10_000).unref();
    let exitCode = 0;
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      exitCode = 1;
    }
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Seller portal on ${config.publicUrl} (database: ${database.kind}, delivery: ${config.delivery}, marketplaces: ${config.marketplaceMode})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
