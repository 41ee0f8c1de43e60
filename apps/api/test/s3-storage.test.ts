import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { seedContentDemo } from '../src/modules/content';
import { MULTIPART_FROM } from '../src/storage/s3';
import { createTestApp, login, multipart, type TestApp } from './helpers';
import { startS3Server, type TestS3Server } from './s3-server';

// Uploads into a real S3-compatible server (s3rver on loopback) through the AWS SDK: stored through the upload
// route, read back where the console reads them (URL prefix + stored path), large files as multipart uploads.

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const MB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('uploads into an S3-compatible bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let token: string;
  let prefix: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env, config: { uploads: { videoMaxBytes: 16 * MB } } });
    token = await login(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oss/get_url_prefix',
      headers: { 'x-token': token },
    });
    prefix = res.json().content;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const send = async (parts: Parameters<typeof multipart>[0]) => {
    const form = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': token },
    });
  };

  it('gives the bucket address as the URL prefix', () => {
    expect(prefix).toBe(`${s3.endpoint}/${s3.bucket}/`);
  });

  it('stores an image, reads it back with its type, deletes it', async () => {
    const res = await send({ kind: 'image', file: { filename: 'logo.png', type: 'image/png', data: PNG } });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().content as string;
    expect(key).toMatch(/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.png$/);
    const read = await fetch(prefix + key);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    const [row] = await t.db.select().from(upload).where(eq(upload.path, key));
    expect(row).toMatchObject({ storage: 's3', kind: 'image', size: PNG.length, contentType: 'image/png' });

    await t.app.storage.remove(key);
    expect((await fetch(prefix + key)).status).toBe(404);
    // Deleting again is not an error.
    await t.app.storage.remove(key);
  });

  it('stores a large file as a multipart upload and reads back the same bytes', async () => {
    const size = 2 * MULTIPART_FROM + 123_457;
    const data = Buffer.concat([
      Buffer.from('0000001866747970', 'hex'),
      Buffer.from('mp42'),
      randomBytes(size - 12),
    ]);
    const res = await send({ kind: 'video', file: { filename: 'talk.mp4', type: 'video/mp4', data } });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().content as string;
    const read = await fetch(prefix + key);
    expect(read.status).toBe(200);
    const body = Buffer.from(await read.arrayBuffer());
    expect(body.length).toBe(size);
    expect(sha256(body)).toBe(sha256(data));
    const mine = s3.requests.filter((r) => r.includes(key));
    expect(mine.filter((r) => /^POST .*\?uploads/.test(r))).toHaveLength(1);
    expect(mine.filter((r) => /^PUT .*partNumber=/.test(r))).toHaveLength(3);
    expect(mine.filter((r) => /^POST .*uploadId=/.test(r))).toHaveLength(1);
  });

  it('answers 404 for a key that was never stored', async () => {
    expect((await fetch(`${prefix}2020/01/nothing-here.png`)).status).toBe(404);
  });

  it('puts the demo seed’s generated images into the bucket', async () => {
    await seedContentDemo(t.db, { storage: t.app.storage });
    const read = await fetch(`${prefix}demo/banner-1.png`);
    expect(read.status).toBe(200);
    const body = Buffer.from(await read.arrayBuffer());
    expect(body.subarray(0, 8)).toEqual(Buffer.from('89504e470d0a1a0a', 'hex'));
  });

  it('reports the bucket in the readiness check, unreachable without turning the node unready', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().content).toMatchObject({ ready: true, storage: 'ok', storageKind: 's3' });
    await s3.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(down.statusCode).toBe(200);
    expect(down.json().content).toMatchObject({ ready: true, storage: 'unreachable', database: 'ok' });
    // An upload while the bucket is away is refused with the envelope, and leaves no row behind.
    const before = (await t.db.select().from(upload)).length;
    const res = await send({ kind: 'image', file: { filename: 'late.png', type: 'image/png', data: PNG } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 50300, message: 'The service is not ready' });
    expect((await t.db.select().from(upload)).length).toBe(before);
  });
});
