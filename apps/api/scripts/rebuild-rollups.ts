import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../src/config/load';
import { openDatabase } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/lock';
import { rebuildUserCollects } from '../src/modules/behaviour/collects';
import { rebuildRollups } from '../src/modules/statistics/rebuild';

// Rebuilds the statistics rollups of a date range from the behaviour events (docs/operations.md):
//   npm exec -w apps/api -- tsx scripts/rebuild-rollups.ts --from 2026-11-01 --to 2026-11-30
// Days are calendar days in the deployment's statistics time zone (CONFIG_FILE `statistics.timeZone`, default
// Asia/Shanghai). What each user has collected now is rebuilt too, from every event (a state, not a sum per day:
// it has no date range). With DATABASE_URL it runs beside running servers (one transaction); on the embedded database
// the server must be stopped (the data folder is locked).

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'a real date');
const args = z
  .object({ from: day, to: day })
  .refine((a) => a.from <= a.to, { message: '--from must not be after --to', path: ['to'] });

function parseArgs(argv: string[]) {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(from|to)(?:=(.*))?$/.exec(argv[i]!);
    if (m) values[m[1]!] = m[2] ?? argv[++i] ?? '';
  }
  return args.safeParse(values);
}

async function main() {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error('usage: rebuild-rollups --from YYYY-MM-DD --to YYYY-MM-DD');
    process.exit(2);
  }
  const config = loadConfig();
  const { server } = config;
  const lock = server.databaseUrl ? null : acquireDataDirLock(server.dataDir);
  const handle = server.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: server.databaseUrl, statementTimeoutMs: 0 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(server.dataDir, 'pgdata') });
  try {
    await handle.migrate();
    const started = Date.now();
    const result = await rebuildRollups(handle.db, {
      ...parsed.data,
      timeZone: config.deployment.statistics.timeZone,
    });
    console.log(
      `rollups rebuilt for ${result.from} to ${result.to} (${result.timeZone}): ${result.companyDays} company-days in ${Date.now() - started} ms`,
    );
    const collectsStarted = Date.now();
    const collects = await rebuildUserCollects(handle.db);
    console.log(
      `collect state rebuilt: ${collects.pairs} user-target pairs in ${Date.now() - collectsStarted} ms`,
    );
  } finally {
    await handle.close();
    lock?.release();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
