import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { createTestApp, login, multipart, type TestApp } from './helpers';

// Uploads checked for size (while streaming) and content (declared type and first bytes).

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(100, 1)]);
const MP4 = Buffer.concat([
  Buffer.from('0000001866747970', 'hex'),
  Buffer.from('mp42'),
  Buffer.alloc(100, 2),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50, 32)]);
const ZIP = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(60, 3)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

describe('uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploads: { imageMaxBytes: 1000, videoMaxBytes: 5000 } } });
    token = await login(t.app);
  });
  afterAll(() => t.close());

  const send = async (parts: Parameters<typeof multipart>[0], lang = 'en') => {
    const form = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/oss/upload?lang=${lang}`,
      payload: form.payload,
      headers: { ...form.headers, 'x-token': token },
    });
  };

  it('stores an image under a random yyyy/mm name and serves it read-only with nosniff', async () => {
    const res = await send({ kind: 'image', file: { filename: 'logo.png', type: 'image/png', data: PNG } });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().content as string;
    expect(stored).toMatch(/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.png$/);
    expect(readFileSync(path.join(t.dataDir, 'uploads', stored))).toEqual(PNG);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${stored}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    const put = await t.app.inject({ method: 'PUT', url: `/uploads/${stored}`, payload: 'x' });
    expect(put.statusCode).toBe(404);
    const [row] = await t.db.select().from(upload).where(eq(upload.path, stored));
    expect(row).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      size: PNG.length,
      originalName: 'logo.png',
      storage: 'local',
    });
    expect(row!.userId).toBeGreaterThan(0);
    expect(row!.companyId).toBeNull();
  });

  it('infers the kind from the type and accepts every configured kind', async () => {
    const cases = [
      { data: JPEG, type: 'image/jpeg', ext: 'jpg' },
      { data: MP4, type: 'video/mp4', ext: 'mp4' },
      { data: PDF, type: 'application/pdf', ext: 'pdf' },
      { data: ZIP, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
      { data: Buffer.from('name,city\n张三,上海\n'), type: 'text/csv', ext: 'csv' },
    ];
    for (const c of cases) {
      const res = await send({ file: { filename: `f.${c.ext}`, type: c.type, data: c.data } });
      expect(res.json().content, c.type).toMatch(new RegExp(`\\.${c.ext}$`));
    }
  });

  it('refuses an image whose bytes are not an image', async () => {
    const res = await send({ kind: 'image', file: { filename: 'evil.png', type: 'image/png', data: HTML } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 41500,
      message: 'This file type is not allowed; allowed: image/png, image/jpeg',
      content: null,
    });
    const jpegAsPng = await send({ file: { filename: 'x.png', type: 'image/png', data: JPEG } });
    expect(jpegAsPng.json().code).toBe(41500);
  });

  it('refuses a type that is not allowed, or not allowed for the kind', async () => {
    const html = await send({ file: { filename: 'page.html', type: 'text/html', data: HTML } }, 'zh');
    expect(html.json().code).toBe(41500);
    expect(html.json().message).toMatch(/^不支持该文件类型，允许：/);
    const pdfAsImage = await send({
      kind: 'image',
      file: { filename: 'a.pdf', type: 'application/pdf', data: PDF },
    });
    expect(pdfAsImage.json()).toMatchObject({
      code: 41500,
      message: 'This file type is not allowed; allowed: image/png, image/jpeg',
    });
  });

  it('refuses a file over the limit of its kind with 413, naming the maximum', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2000)]);
    const res = await send({ kind: 'image', file: { filename: 'big.png', type: 'image/png', data: big } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 41300,
      message: 'The file is too large: at most 1000 B',
      content: null,
    });
    const video = Buffer.concat([MP4, Buffer.alloc(6000)]);
    const tooLongVideo = await send({ file: { filename: 'v.mp4', type: 'video/mp4', data: video } }, 'zh');
    expect(tooLongVideo.json()).toMatchObject({ code: 41300, message: '文件过大：最大 4.9 KB' });
  });

  it('asks for the file and a valid kind', async () => {
    const noFile = await send({ kind: 'image' });
    expect(noFile.json()).toMatchObject({
      code: 40000,
      content: { errors: [{ path: 'file', message: 'Required' }] },
    });
    const badKind = await send({ kind: 'poster', file: { filename: 'a.png', type: 'image/png', data: PNG } });
    expect(badKind.json()).toMatchObject({ code: 40000, content: { errors: [{ path: 'kind' }] } });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      headers: { 'x-token': token },
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toMatchObject({
      code: 41501,
      message: 'This call takes multipart/form-data, not application/json',
    });
  });

  it('needs a signed-in user', async () => {
    const form = await multipart({ file: { filename: 'a.png', type: 'image/png', data: PNG } });
    const res = await t.app.inject({ method: 'POST', url: '/api/oss/upload', ...form });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });

  it('gives the URL prefix, from a multipart form or an empty body', async () => {
    const form = await multipart({ any: 'thing' });
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/oss/get_url_prefix',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': token },
    });
    expect(a.json()).toEqual({ success: true, code: 20000, message: 'success', content: '/uploads/' });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/oss/get_url_prefix',
      headers: { 'x-token': token },
    });
    expect(b.json().content).toBe('/uploads/');
  });
});
