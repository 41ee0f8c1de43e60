import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { type Lang, validationMessage } from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ossLog, upload } from '../../db/schema';
import { AppError, errorKeyOf } from '../../errors';
import { formatBytes, ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { effectiveUploadLimits } from '../settings/store';
import { extensionOf, matchesSignature, normaliseType, SNIFF_BYTES } from './file-types';

// /oss/upload and /oss/get_url_prefix. A file is streamed to a temporary file while its size is
// counted against the configured limit and its first bytes are checked against its declared type; only a
// file that passed both is moved into storage, under a random name `yyyy/mm/<random>.<ext>`.

const KINDS = ['image', 'video', 'file'] as const;
type Kind = (typeof KINDS)[number];

type Limits = { max: number; types: string[] };

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app;
  const uploads = config.deployment.uploads;
  // The size limits in force: the deployment's, lowered by the run-time settings (configuration screen).
  const limitsOf = async (kind: Kind): Promise<Limits> => {
    const max = await effectiveUploadLimits(db, uploads);
    return kind === 'image'
      ? { max: max.imageMaxBytes, types: uploads.imageTypes }
      : kind === 'video'
        ? { max: max.videoMaxBytes, types: uploads.videoTypes }
        : { max: max.fileMaxBytes, types: uploads.fileTypes };
  };
  const biggest = Math.max(uploads.imageMaxBytes, uploads.videoMaxBytes, uploads.fileMaxBytes);
  const allTypes = [...uploads.imageTypes, ...uploads.videoTypes, ...uploads.fileTypes];

  const fieldError = (pathName: string, lang: Lang, key: 'required' | 'notOption') =>
    AppError.fields([
      { path: pathName, message: validationMessage(key, lang, { values: KINDS.join(', ') }) },
    ]);

  /** Streams one file part to a temporary file, enforcing size and type; returns what to store. */
  async function receive(part: MultipartFile, declaredKind: Kind | undefined, lang: Lang) {
    // The file name is stored (upload.original_name): PostgreSQL cannot store a NUL character.
    if ((part.filename ?? '').includes('\u0000')) {
      part.file.resume();
      throw AppError.fields([{ path: 'file', message: validationMessage('nulCharacter', lang) }]);
    }
    const contentType = normaliseType(part.mimetype);
    const kind =
      declaredKind ??
      KINDS.find((k) =>
        (k === 'image'
          ? uploads.imageTypes
          : k === 'video'
            ? uploads.videoTypes
            : uploads.fileTypes
        ).includes(contentType),
      ) ??
      ('file' as Kind);
    const limits = await limitsOf(kind);
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

  app.post(
    '/oss/upload',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['oss'],
        operationId: 'oss_upload',
        summary: 'Upload one file (multipart: `file`, optional `kind` image|video|file sent before it)',
        description:
          'The size is checked against the configured limit of the kind and the content against its declared type. ' +
          'The answer is the stored relative path; put the URL prefix (get_url_prefix) in front of it to show it.',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(z.string().describe('Stored path, e.g. 2025/05/Xy3….png')) },
      },
    },
    async (request) => {
      // Every upload, accepted or refused, goes to the object-storage log.
      const attempt: { name: string; type: string; size: number; key: string } = {
        name: '',
        type: '',
        size: 0,
        key: '',
      };
      try {
        const key = await uploadOne(request, attempt);
        await logUpload(request, attempt, null);
        return ok(key);
      } catch (error) {
        await logUpload(request, attempt, error);
        throw error;
      }
    },
  );

  async function logUpload(
    request: FastifyRequest,
    attempt: { name: string; type: string; size: number; key: string },
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
        account: user?.account ?? '',
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

  async function uploadOne(
    request: FastifyRequest,
    attempt: { name: string; type: string; size: number; key: string },
  ): Promise<string> {
    if (!request.isMultipart()) throw fieldError('file', request.lang, 'required');
    let kind: Kind | undefined;
    let received: Awaited<ReturnType<typeof receive>> | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: biggest + 1, files: 1, fields: 10 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'kind') {
            const value = String(part.value ?? '');
            if (!KINDS.includes(value as Kind)) throw fieldError('kind', request.lang, 'notOption');
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
        received = await receive(part, kind, request.lang);
        attempt.size = received.size;
      }
    } catch (error) {
      if (received) await rm(received.tmp, { force: true });
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('badRequest');
      throw error;
    }
    if (!received) throw fieldError('file', request.lang, 'required');
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
      request.log.error({ err: error }, 'storing an upload failed');
      await rm(received.tmp, { force: true });
      throw new AppError('unavailable');
    }
    const auth = request.auth!;
    await db.insert(upload).values({
      path: key,
      storage: storage.kind,
      kind: received.kind,
      contentType: received.contentType,
      size: received.size,
      originalName: received.originalName.slice(0, 255),
      userId: auth.user.id,
      companyId: auth.user.companyId,
    });
    request.logContext.args = {
      file: { name: received.originalName, type: received.contentType, size: received.size },
      kind: received.kind,
    };
    return key;
  }

  app.post(
    '/oss/get_url_prefix',
    {
      config: { access: { kind: 'login' }, systemLog: false },
      preValidation: formFields,
      schema: {
        tags: ['oss'],
        operationId: 'oss_get_url_prefix',
        summary: 'The address prefix of stored files (e.g. /uploads/)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        response: { 200: okSchema(z.string()) },
      },
    },
    async () => ok(storage.urlPrefix),
  );
};
