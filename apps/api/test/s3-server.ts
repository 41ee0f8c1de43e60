import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A real S3-compatible server (s3rver, files in a temporary folder) on a free loopback port, with one bucket.

type KoaContext = { method: string; path: string; querystring: string };
type S3rverInstance = {
  run: () => Promise<AddressInfo>;
  close: () => Promise<void>;
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
};
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** Every request the server received (`PUT /bucket/key?partNumber=1&uploadId=…`). */
  requests: string[];
  /** The S3_* variables that point a server at this bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

export async function startS3Server(bucket = 'organiser-test'): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'organiser-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const requests: string[] = [];
  server.middleware.unshift(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
    await next();
  });
  const address = await server.run();
  let closed = false;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed key pair.
  const accessKey = 'S3RVER';
  const secretKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKey,
    secretKey,
    requests,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: accessKey,
      S3_SECRET_KEY: secretKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
