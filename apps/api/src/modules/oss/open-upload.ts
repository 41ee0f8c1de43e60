import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OpenRoute } from '../../open/types';
import {
  logUpload,
  type ReceivedUpload,
  receiveUpload,
  storeUpload,
  type UploadAttempt,
  type UploadContext,
  uploadLogArgs,
} from './upload';

// `POST /api/open/v1/files` (scope files:write): a buyer's image, uploaded by the marketplace before the chat
// message or purchase requirement that carries it. The same checks as the console's uploads (upload.ts): the
// image size limit, and the content sniffed from the first bytes, so only a real JPG or PNG passes (an HTML
// page, a script or an SVG named .jpg is refused). The file is recorded with the key that uploaded it; a
// write through this API may name only files its own key uploaded (engine/write/references.ts, checkFiles).

/** A checked file waiting for the write (the request's logger with it, for a storage failure). */
type Pending = { received: ReceivedUpload; attempt: UploadAttempt; stored: boolean; log: FastifyBaseLogger };

function uploadContext(request: FastifyRequest): UploadContext {
  const app = request.server;
  return { db: app.db, storage: app.storage, uploads: app.config.deployment.uploads };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const stored = z.object({
  path: z.string().describe('The reference a chat message’s or requirement’s `attachments` names'),
  url: z.string().describe('Where the file is served: the storage prefix and the path'),
  contentType: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
});

export const uploadFileRoute: OpenRoute = {
  method: 'POST',
  url: '/files',
  operationId: 'openUploadFile',
  summary: 'A buyer’s image (JPG or PNG), for a chat message or a purchase requirement',
  description:
    'Multipart form with one part `file`. At most the image size limit of the deployment; the content must be a JPG or PNG by its first bytes, whatever the name or declared type says (anything else, an SVG or a page with a script included, is refused). The answer’s `path` is what `attachments` of `POST /chat/messages` and `POST /requirements` then names; those writes accept only paths uploaded with the same key, refused naming `attachments` otherwise. A retry with the same `Idempotency-Key` and the same file answers the same path and stores nothing.',
  scope: 'files:write',
  response: stored,
  examples: {
    response: {
      path: '2026/11/q3Xv9Lr0c2sWb1n5Yk8aTg.jpg',
      url: '/uploads/2026/11/q3Xv9Lr0c2sWb1n5Yk8aTg.jpg',
      contentType: 'image/jpeg',
      size: 184_320,
    },
  },
  multipart: {
    receive: async (request) => {
      const ctx = uploadContext(request);
      const attempt: UploadAttempt = { name: '', type: '', size: 0, key: '' };
      let received: ReceivedUpload;
      try {
        received = await receiveUpload(ctx, request, attempt, 'image');
      } catch (error) {
        await logUpload(ctx, request, attempt, error);
        throw error;
      }
      const pending: Pending = { received, attempt, stored: false, log: request.log };
      const hashed = {
        sha256: await sha256Of(received.tmp),
        name: received.originalName,
        contentType: received.contentType,
      };
      return { body: pending, hashed };
    },
    release: async (request, body, error) => {
      const pending = body as Pending;
      if (!pending.stored) await rm(pending.received.tmp, { force: true });
      if (pending.stored || error) await logUpload(uploadContext(request), request, pending.attempt, error);
      if (pending.stored) request.logContext.args = uploadLogArgs(pending.received);
    },
  },
  handler: async ({ body }, ctx) => {
    const pending = body as Pending;
    const { received, attempt } = pending;
    const path = await storeUpload(ctx, pending.log, received, attempt, {
      userId: null,
      companyId: null,
      apiKeyId: ctx.caller.keyId,
    });
    pending.stored = true;
    return {
      path,
      url: `${ctx.storage.urlPrefix}${path}`,
      contentType: received.contentType as 'image/png' | 'image/jpeg',
      size: received.size,
    };
  },
};
