import { access, constants, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './types';

/** Files under `DATA_DIR/uploads`, served read-only at `/uploads/`. */
export function createLocalStorage(dataDir: string): StorageProvider {
  const root = path.join(dataDir, 'uploads');
  const tmpDir = path.join(dataDir, 'tmp');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes the upload folder: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    urlPrefix: '/uploads/',
    root,
    tmpDir,
    putFile: async ({ key, file }) => {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
    },
    remove: async (key) => {
      await rm(resolve(key), { force: true });
    },
    check: async () => {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
