import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the API package lives on disk, the same whether this code runs from its TypeScript sources
// (apps/api/src/…, under tsx or Vitest) or from the compiled bundle (apps/api/dist/main.mjs): files the
// server reads at run time (SQL migrations, the console build) are found from here, not from the
// location of whichever module asks.

function findApiDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'src', 'db', 'migrations')) && existsSync(path.join(dir, 'package.json'))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the API package folder (apps/api) above the running code');
    dir = parent;
  }
}

/** `<repo>/apps/api`. */
export const API_DIR = findApiDir();

/** The committed SQL migrations. */
export const MIGRATIONS_FOLDER = path.join(API_DIR, 'src', 'db', 'migrations');

/** `<repo>/apps/console/dist`, the console build the server serves by default. */
export const DEFAULT_CONSOLE_DIST = path.resolve(API_DIR, '..', 'console', 'dist');
