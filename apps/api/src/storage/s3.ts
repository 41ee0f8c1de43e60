import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Settings } from '../config/load';
import { encodeRfc3986, signV4 } from './sigv4';
import type { StorageProvider } from './types';

/** An S3-compatible bucket (path-style addressing), written with SigV4-signed requests. */
export function createS3Storage(settings: S3Settings, dataDir: string): StorageProvider {
  const objectUrl = (key: string) =>
    new URL(`${settings.endpoint}/${encodeRfc3986(settings.bucket)}/${encodeRfc3986(key, true)}`);
  const send = async (
    method: 'PUT' | 'DELETE',
    key: string,
    init: { body?: Readable; headers?: Record<string, string> },
  ) => {
    const url = objectUrl(key);
    const headers = signV4({
      method,
      url,
      region: settings.region,
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      headers: init.headers,
      payloadHash: 'UNSIGNED-PAYLOAD',
    });
    const response = await fetch(url, {
      method,
      headers,
      body: init.body ? (Readable.toWeb(init.body) as unknown as ReadableStream) : undefined,
      // Node's fetch streams a request body only in half-duplex mode.
      ...(init.body ? { duplex: 'half' } : {}),
    } as RequestInit);
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      const text = await response.text().catch(() => '');
      throw new Error(`S3 ${method} ${url.pathname} failed: ${response.status} ${text.slice(0, 300)}`);
    }
  };
  return {
    kind: 's3',
    urlPrefix: settings.publicUrl,
    tmpDir: path.join(dataDir, 'tmp'),
    putFile: async ({ key, file, contentType, size }) => {
      try {
        await send('PUT', key, {
          body: createReadStream(file),
          headers: { 'content-type': contentType, 'content-length': String(size) },
        });
      } finally {
        await rm(file, { force: true });
      }
    },
    remove: (key) => send('DELETE', key, {}),
  };
}
