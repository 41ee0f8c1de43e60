import type { S3Settings, ServerSettings } from '../config/load';
import { createLocalStorage } from './local';
import { createS3Storage, type S3Storage } from './s3';
import type { StorageProvider } from './types';

export type { StorageProvider } from './types';

/** One bucket client per settings object: the app, the demo seed and its engines share it. */
const buckets = new WeakMap<S3Settings, S3Storage>();

/** S3 when the S3_* settings are present, else the local folder under DATA_DIR. */
export function createStorage(server: Pick<ServerSettings, 's3' | 'dataDir'>): StorageProvider {
  if (!server.s3) return createLocalStorage(server.dataDir);
  let storage = buckets.get(server.s3);
  if (!storage) {
    storage = createS3Storage(server.s3, server.dataDir);
    buckets.set(server.s3, storage);
  }
  return storage;
}
