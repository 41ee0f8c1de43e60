import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/load';
import type { StorageProvider } from './types';

// An S3-compatible bucket through the AWS SDK v3. The SDK is imported on first use, so a server without a bucket
// never loads it. Files of at least MULTIPART_FROM bytes go up as a streamed multipart upload (parts of
// PART_SIZE, QUEUE_SIZE at a time); smaller ones in one PUT.

/** S3's smallest part (except the last). */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;
export const MULTIPART_FROM = PART_SIZE;

type Sdk = {
  s3: typeof import('@aws-sdk/client-s3');
  storage: typeof import('@aws-sdk/lib-storage');
};

export type S3Storage = StorageProvider & {
  /** The client, created on first use (tests and the readiness check). */
  client: () => Promise<{ client: S3Client; sdk: Sdk }>;
};

export function createS3Storage(settings: S3Settings, dataDir: string): S3Storage {
  let loading: Promise<{ client: S3Client; sdk: Sdk }> | undefined;
  const client = () => {
    loading ??= (async () => {
      const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const created = new s3.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
        maxAttempts: settings.maxAttempts,
        // Checksums only where S3 requires them: many S3-compatible services do not take the SDK's default
        // streamed checksum trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { client: created, sdk: { s3, storage } };
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    kind: 's3',
    urlPrefix: settings.publicUrl,
    tmpDir: path.join(dataDir, 'tmp'),
    client,
    putFile: async ({ key, file, contentType, size }) => {
      try {
        const { client: s3, sdk } = await client();
        if (size >= MULTIPART_FROM) {
          const upload = new sdk.storage.Upload({
            client: s3,
            params: {
              Bucket: settings.bucket,
              Key: key,
              Body: createReadStream(file),
              ContentType: contentType,
            },
            partSize: PART_SIZE,
            queueSize: QUEUE_SIZE,
            leavePartsOnError: false,
          });
          await upload.done();
        } else {
          await s3.send(
            new sdk.s3.PutObjectCommand({
              Bucket: settings.bucket,
              Key: key,
              Body: createReadStream(file),
              ContentType: contentType,
              ContentLength: size,
            }),
          );
        }
      } finally {
        await rm(file, { force: true });
      }
    },
    remove: async (key) => {
      const { client: s3, sdk } = await client();
      // Deleting a key that is not there succeeds on S3 (204).
      await s3.send(new sdk.s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    check: async (signal) => {
      const { client: s3, sdk } = await client();
      await s3.send(new sdk.s3.HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal: signal });
    },
  };
}
