import type { ServerSettings } from '../config/load';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { StorageProvider } from './types';

export type { StorageProvider } from './types';

/** S3 when the S3_* settings are present, else the local folder under DATA_DIR. */
export function createStorage(server: Pick<ServerSettings, 's3' | 'dataDir'>): StorageProvider {
  return server.s3 ? createS3Storage(server.s3, server.dataDir) : createLocalStorage(server.dataDir);
}
