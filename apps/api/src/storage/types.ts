/** Where uploaded files go: a local folder by default, an S3-compatible bucket when S3_* is set. */
export type StorageProvider = {
  kind: 'local' | 's3';
  /** What the console puts in front of a stored path to show the file (`/uploads/` for the local folder). */
  urlPrefix: string;
  /** Folder for uploads in progress; on the same disk as a local root so a finished file is moved, not copied. */
  tmpDir: string;
  /** Local provider: the folder served read-only at /uploads/. */
  root?: string;
  /** Stores a finished, checked temporary file under `key` (`yyyy/mm/<random>.<ext>`); the temp file is consumed. */
  putFile: (args: { key: string; file: string; contentType: string; size: number }) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** Readiness: resolves when the storage can be written (the folder exists, the bucket answers). */
  check?: (signal?: AbortSignal) => Promise<void>;
};
