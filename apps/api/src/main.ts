import path from 'node:path';
import { loadConfig } from './config/load';
import type { DbHandle } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './db/lock';
import { StartupError } from './startup-error';
import { releaseStartupMemory } from './startup-memory';

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
      import('./seed'),
      import('./modules/companies'),
    ]);
    handle = await opening;
    const opened = Date.now();
    const db = handle;
    const app = await buildApp({ config, db: db.db });
    const built = Date.now();
    // Migrations, permission sync and first-start seed run under one start-up lock (several nodes may start at once).
    await db.exclusive(async () => {
      await db.migrate();
      await app.ready();
    });
    const checked = Date.now();
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

    // SIGTERM (a supervisor, a rolling restart): turn unready at once, keep serving for SHUTDOWN_DRAIN_MS so
    // load balancers following /api/readyz stop sending requests, then stop accepting, give the requests under
    // way up to SHUTDOWN_TIMEOUT_MS, close the database pool and Redis, exit 0. SIGINT (Ctrl-C) skips the wait, and so
    // does a second signal during it.
    let closing = false;
    let endDrain = () => {};
    const shutdown = async (signal: string) => {
      // A second signal while draining (an impatient Ctrl-C) closes at once.
      if (closing) return endDrain();
      closing = true;
      app.draining = true;
      const drainMs = signal === 'SIGTERM' ? server.shutdownDrainMs : 0;
      app.log.info(`${signal}: not ready any more; closing in ${drainMs} ms`);
      let code = 0;
      try {
        if (drainMs) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, drainMs);
            endDrain = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        const closed = app.close();
        const timer = setTimeout(() => {
          app.log.warn(
            `requests still under way after ${server.shutdownTimeoutMs} ms: closing their connections`,
          );
          app.server.closeAllConnections();
        }, server.shutdownTimeoutMs);
        await closed;
        clearTimeout(timer);
        await db.close();
        app.log.info(`${signal}: closed`);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        code = 1;
      } finally {
        lock?.release();
        process.exit(code);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    const lines = [
      '',
      // under `npm run dev` the console with hot reload is Vite's, not the build this server would serve
      `Organiser console: ${process.env.DEV_CONSOLE_URL ?? address.replace('[::1]', 'localhost')}/`,
      `  API: ${address}/api   OpenAPI: ${address}/api/docs`,
      `  storage: ${server.s3 ? `bucket ${server.s3.bucket} at ${server.s3.endpoint}` : `folder ${path.join(server.dataDir, 'uploads')}`}`,
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
        for (const line of seeded.announced ?? []) lines.push(`  ${line}`);
      }
    } else if (!server.isProduction && !server.adminPassword) {
      lines.push(`  demo login: ${server.adminAccount} / admin123 (unless changed)`);
    }
    if (!server.s3) {
      app.log.info('uploads are kept on this node only; several nodes need a bucket (S3_*)');
      lines.push('  uploads: kept on this node only (DATA_DIR/uploads); several nodes need a bucket (S3_*)');
    }
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const sinceProcessStart = process.uptime() * 1000;
    // where a start's time went: Node and the server's code loading, then each step (the database opens while
    // the code loads)
    lines.push(
      `  ready in ${seconds(sinceProcessStart)} s: loading ${seconds(sinceProcessStart - (Date.now() - started))}, database ${seconds(opened - started)}, routes ${seconds(built - opened)}, migrations and checks ${seconds(checked - built)}, listening ${seconds(Date.now() - checked)}`,
      '',
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    releaseStartupMemory();
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
