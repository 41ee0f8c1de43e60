import path from 'node:path';
import { loadConfig } from './config/load';
import type { DbHandle } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './db/lock';
import { StartupError } from './startup-error';

// `npm start`: read the configuration, open the database (PGlite under DATA_DIR, or DATABASE_URL), migrate,
// synchronise permissions, seed an empty database, listen, and close cleanly on SIGINT / SIGTERM.

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const { server } = config;
  let lock: DataDirLock | null = null;
  let handle: DbHandle | null = null;
  try {
    if (!server.databaseUrl) lock = acquireDataDirLock(server.dataDir);
    // Loaded after the checks above, so a refusal is printed at once; the database opens while the app loads.
    const { openDatabase } = await import('./db/client');
    const opening = server.databaseUrl
      ? openDatabase({
          kind: 'postgres',
          url: server.databaseUrl,
          statementTimeoutMs: server.statementTimeoutMs,
        })
      : openDatabase({ kind: 'pglite', dataDir: path.join(server.dataDir, 'pgdata') });
    opening.catch(() => {});
    const [{ buildApp }, { DEMO_EDITOR }, { DEMO_SUPPLIER }] = await Promise.all([
      import('./app'),
      import('./db/seed'),
      import('./modules/companies'),
    ]);
    handle = await opening;
    const db = handle;
    const app = await buildApp({ config, db: db.db });
    // Migrations, permission sync and first-start seed run under one start-up lock (several nodes may start at once).
    await db.exclusive(async () => {
      await db.migrate();
      await app.ready();
    });
    const address = await app
      .listen({ host: server.host, port: server.port })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') {
          throw new StartupError(
            `PORT: ${server.host}:${server.port} is already in use; stop what uses it or set another PORT`,
          );
        }
        throw error;
      });

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      try {
        await app.close();
        await db.close();
      } finally {
        lock?.release();
        process.exit(0);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    const lines = [
      '',
      // under `npm run dev` the console with hot reload is Vite's, not the build this server would serve
      `Organiser console: ${process.env.DEV_CONSOLE_URL ?? address.replace('[::1]', 'localhost')}/`,
      `  API: ${address}/api   OpenAPI: ${address}/api/docs`,
      `  database: ${db.kind === 'pglite' ? `PGlite in ${path.join(server.dataDir, 'pgdata')}` : 'PostgreSQL (DATABASE_URL)'}`,
    ];
    const seeded = app.seedResult;
    if (seeded.seeded && seeded.admin) {
      lines.push(
        `  first start: created account ${seeded.admin.account}${seeded.admin.password ? ` / ${seeded.admin.password}` : ' (password from ADMIN_PASSWORD)'}`,
      );
      if (server.demoData) {
        lines.push(`  demo account: ${DEMO_EDITOR.account} / ${DEMO_EDITOR.password}`);
        lines.push(`  demo supplier: ${DEMO_SUPPLIER.account} / ${DEMO_SUPPLIER.password}`);
      }
    } else if (!server.isProduction && !server.adminPassword) {
      lines.push(`  demo login: ${server.adminAccount} / admin123 (unless changed)`);
    }
    lines.push(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`, '');
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    await handle?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    // A bug, not a configuration problem: the stack helps whoever runs the server.
    process.stderr.write(
      `Server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
