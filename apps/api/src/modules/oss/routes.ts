import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { logUpload, type UploadAttempt, type UploadContext, uploadOne } from './upload';

// /oss/upload and /oss/get_url_prefix: the upload itself, its checks and its log are in upload.ts.

export const ossRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app;
  const ctx: UploadContext = { db: app.db, storage, uploads: app.config.deployment.uploads };

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
      const attempt: UploadAttempt = { name: '', type: '', size: 0, key: '' };
      try {
        const key = await uploadOne(ctx, request, attempt);
        await logUpload(ctx, request, attempt, null);
        return ok(key);
      } catch (error) {
        await logUpload(ctx, request, attempt, error);
        throw error;
      }
    },
  );

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
