import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { type Lang, validationMessage } from '@organiser/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ossLog, upload } from '../../db/schema';
import { AppError, errorKeyOf } from '../../errors';
import { formatBytes } from '../../plugins/envelope';
import { effectiveUploadLimits } from '../settings/store';
import { extensionOf, matchesSignature, normaliseType, SNIFF_BYTES } from './file-types';

// An upload (routes.ts declares /oss/upload). A file is streamed to a temporary file while its size is
// counted against the configured limit and its first bytes are checked against its declared type; only a
// file that passed both is moved into storage, under a random name `yyyy/mm/<random>.<ext>`.

const KINDS = ['image', 'video', 'file'] as const;
export type Kind = (typeof KINDS)[number];

type Limits = { max: number; types: string[] };

/** What an upload needs from the app: the database, the file storage and the deployment's upload limits. */
export type UploadContext = {
  db: Db;
  storage: FastifyInstance['storage'];
  uploads: FastifyInstance['config']['deployment']['uploads'];
};

/** What the object-storage log records of an attempt, filled in as the upload proceeds. */
export type UploadAttempt = { name: string; type: string; size: number; key: string };

async function limitsOf({ db, uploads }: UploadContext, kind: Kind): Promise<Limits> {
  const max = await effectiveUploadLimits(db, uploads);
  return kind === 'image'
    ? { max: max.imageMaxBytes, types: uploads.imageTypes }
    : kind === 'video'
      ? { max: max.videoMaxBytes, types: uploads.videoTypes }
      : { max: max.fileMaxBytes, types: uploads.fileTypes };
}

const fieldError = (
  pathName: string,
  lang: Lang,
  key: 'required' | 'notOption',
  values: readonly string[] = KINDS,
) =>
  AppError.fields([{ path: pathName, message: validationMessage(key, lang, { values: values.join(', ') }) }]);

/** Streams one file part to a temporary file, enforcing size and type; returns what to store. */
async function receive(ctx: UploadContext, part: MultipartFile, declaredKind: Kind | undefined, lang: Lang) {
  const { uploads, storage } = ctx;
  const allTypes = [...uploads.imageTypes, ...uploads.videoTypes, ...uploads.fileTypes];
  // The file name is stored (upload.original_name): PostgreSQL cannot store a NUL character.
  if ((part.filename ?? '').includes('\u0000')) {
    part.file.resume();
    throw AppError.fields([{ path: 'file', message: validationMessage('nulCharacter', lang) }]);
  }
  const contentType = normaliseType(part.mimetype);
  const kind =
    declaredKind ??
    KINDS.find((k) =>
      (k === 'image' ? uploads.imageTypes : k === 'video' ? uploads.videoTypes : uploads.fileTypes).includes(
        contentType,
      ),
    ) ??
    ('file' as Kind);
  const limits = await limitsOf(ctx, kind);
  const ext = extensionOf(contentType);
  if (!limits.types.includes(contentType) || !ext) {
    part.file.resume();
    throw new AppError('unsupportedType', {
      params: { allowed: (declaredKind ? limits.types : allTypes).join(', ') },
    });
  }
  await mkdir(storage.tmpDir, { recursive: true });
  const tmp = path.join(storage.tmpDir, `${randomBytes(12).toString('hex')}.part`);
  const out = createWriteStream(tmp);
  let size = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    if (!matchesSignature(contentType, head)) {
      throw new AppError('unsupportedType', { params: { allowed: limits.types.join(', ') } });
    }
  };
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.max)
        throw new AppError('payloadTooLarge', { params: { max: formatBytes(limits.max) } });
      if (!checked) {
        head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES) check();
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (!checked) check();
    out.end();
    await once(out, 'finish');
    return { tmp, size, kind, contentType, ext, originalName: part.filename ?? '' };
  } catch (error) {
    out.destroy();
    part.file.resume();
    await rm(tmp, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payloadTooLarge', { params: { max: formatBytes(limits.max) } });
    }
    throw error;
  }
}

export async function logUpload(
  { db }: UploadContext,
  request: FastifyRequest,
  attempt: UploadAttempt,
  error: unknown,
) {
  const user = request.auth?.user;
  const message =
    error === null
      ? null
      : error instanceof AppError
        ? error.messageIn(request.lang)
        : error instanceof Error
          ? error.message
          : String(error);
  await db
    .insert(ossLog)
    .values({
      userId: user?.id ?? null,
      account: user?.account ?? (request.openCaller ? `key:${request.openCaller.keyName}` : ''),
      companyId: user?.companyId ?? null,
      fileKey: attempt.key,
      fileName: attempt.name.replaceAll('\u0000', '').slice(0, 255),
      size: attempt.size,
      contentType: attempt.type.slice(0, 200),
      success: error === null,
      errorMessage: message?.slice(0, 1000) ?? null,
      ...errorKeyOf(error),
    })
    .catch((e: unknown) => request.log.warn({ err: e }, 'object-storage log write failed'));
}

/** A file that passed its checks, kept in a temporary file until it is stored. */
export type ReceivedUpload = Awaited<ReturnType<typeof receive>>;

/** Reads the request's one file part (multipart: optional `kind` field sent before `file`), checked by size and
 * by content against its kind's types; `only` restricts the kind (the marketplace's uploads are images). The
 * caller stores it (storeUpload) or removes its temporary file. */
export async function receiveUpload(
  ctx: UploadContext,
  request: FastifyRequest,
  attempt: UploadAttempt,
  only?: Kind,
): Promise<ReceivedUpload> {
  const { uploads } = ctx;
  const biggest = Math.max(uploads.imageMaxBytes, uploads.videoMaxBytes, uploads.fileMaxBytes);
  if (!request.isMultipart()) throw fieldError('file', request.lang, 'required');
  let kind: Kind | undefined = only;
  let received: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: biggest + 1, files: 1, fields: 10 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') {
          const value = String(part.value ?? '');
          if (!KINDS.includes(value as Kind) || (only && value !== only))
            throw fieldError('kind', request.lang, 'notOption', only ? [only] : KINDS);
          kind = value as Kind;
        }
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      attempt.name = part.filename ?? '';
      attempt.type = normaliseType(part.mimetype);
      received = await receive(ctx, part, kind, request.lang);
      attempt.size = received.size;
    }
  } catch (error) {
    if (received) await rm(received.tmp, { force: true });
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('badRequest');
    throw error;
  }
  if (!received) throw fieldError('file', request.lang, 'required');
  return received;
}

/** Moves a received file into storage under a new random key and records it with its uploader: a console
 * user (and company), or a marketplace API key. Answers the key. */
export async function storeUpload(
  ctx: Pick<UploadContext, 'db' | 'storage'>,
  log: FastifyBaseLogger,
  received: ReceivedUpload,
  attempt: UploadAttempt,
  uploader: { userId: number | null; companyId: number | null; apiKeyId?: number },
): Promise<string> {
  const { db, storage } = ctx;
  const now = new Date();
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.${received.ext}`;
  attempt.key = key;
  try {
    await storage.putFile({
      key,
      file: received.tmp,
      contentType: received.contentType,
      size: received.size,
    });
  } catch (error) {
    // The bucket (or the disk) is away: the caller may try again later; nothing was recorded.
    log.error({ err: error }, 'storing an upload failed');
    await rm(received.tmp, { force: true });
    throw new AppError('unavailable');
  }
  await db.insert(upload).values({
    path: key,
    storage: storage.kind,
    kind: received.kind,
    contentType: received.contentType,
    size: received.size,
    originalName: received.originalName.slice(0, 255),
    userId: uploader.userId,
    companyId: uploader.companyId,
    apiKeyId: uploader.apiKeyId ?? null,
  });
  return key;
}

/** What the system log records of an upload's request. */
export const uploadLogArgs = (received: ReceivedUpload) => ({
  file: { name: received.originalName, type: received.contentType, size: received.size },
  kind: received.kind,
});

export async function uploadOne(
  ctx: UploadContext,
  request: FastifyRequest,
  attempt: UploadAttempt,
): Promise<string> {
  const received = await receiveUpload(ctx, request, attempt);
  const { user } = request.auth!;
  const key = await storeUpload(ctx, request.log, received, attempt, {
    userId: user.id,
    companyId: user.companyId,
  });
  request.logContext.args = uploadLogArgs(received);
  return key;
}
