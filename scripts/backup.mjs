// npm run backup: a consistent copy of the embedded database and local uploads (DATA_DIR) as one
// .tar.gz. PGlite cannot be copied safely while a server writes to it, so this takes the data folder's
// lock (the one the server takes, DATA_DIR/.lock) and refuses while a server runs on the folder.
// On PostgreSQL (DATABASE_URL) use pg_dump instead.
//   npm run backup [-- --out <folder>]      (default ./backups)
// The archive holds the data folder itself: restore with the server stopped, e.g.
//   mv data data.old && tar -xzf backups/organiser-data-<time>.tar.gz
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR || './data');
const outIndex = process.argv.indexOf('--out');
const outDir = resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : './backups');
const lockFile = join(dataDir, '.lock');

function fail(message) {
  console.error(message);
  process.exit(1);
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (process.env.DATABASE_URL) fail('DATABASE_URL is set: back up that server with pg_dump.');
if (!existsSync(join(dataDir, 'pgdata'))) fail(`No embedded database in ${dataDir} (set DATA_DIR).`);

if (existsSync(lockFile)) {
  const owner = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
  if (isAlive(owner))
    fail(`A server (pid ${owner}) is using ${dataDir}: stop it, then run the backup again.`);
  unlinkSync(lockFile);
}
try {
  writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
} catch {
  fail(`Could not take the lock ${lockFile}; is a server starting on ${dataDir}?`);
}

try {
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z');
  const archive = join(outDir, `organiser-data-${stamp}.tar.gz`);
  const folder = basename(dataDir);
  const tar = spawnSync(
    'tar',
    ['-czf', archive, '--exclude', `${folder}/.lock`, '-C', dirname(dataDir), folder],
    {
      stdio: 'inherit',
    },
  );
  if (tar.status !== 0) fail('tar failed; no backup was written.');
  console.log(`Backup of ${dataDir} written to ${archive}`);
} finally {
  unlinkSync(lockFile);
}
