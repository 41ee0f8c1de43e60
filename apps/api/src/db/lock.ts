import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../startup-error';

// PGlite has no lock between processes, and two processes on one data folder silently lose rows.
// The first process writes its pid into DATA_DIR/.lock (created exclusively); a later one refuses to start
// unless that pid is dead (a stale lock after a crash is taken over).

export type DataDirLock = { file: string; release: () => void };

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        file,
        release: () => {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (isAlive(owner)) {
      throw new StartupError(
        `The data folder ${dataDir} is in use by another server process (pid ${owner}). ` +
          'Stop that process, or start this one with another DATA_DIR.',
      );
    }
    try {
      unlinkSync(file); // stale: its process is gone
    } catch {
      // another starter removed it first
    }
  }
  throw new StartupError(
    `Could not take the lock ${file}; is another server starting on DATA_DIR ${dataDir}?`,
  );
}
