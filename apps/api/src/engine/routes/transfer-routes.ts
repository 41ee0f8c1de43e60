import { type ExportQuery, exportQuerySchema } from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../http/envelope';
import {
  contentDisposition,
  EXPORT_MAX_ROWS,
  exportRecords,
  IMPORT_MAX_BYTES,
  importRecords,
} from '../transfer/transfer';
import { importReportSchema, type RouteContext } from './route-context';

// Export (a read, behind the menu) and import (a write, behind its resource permission).

export function registerTransferRoutes(rc: RouteContext): void {
  if (rc.def.capabilities.export) registerExportRoute(rc);
  // A view has nothing to import into.
  if (!rc.def.source && rc.def.capabilities.import) registerImportRoute(rc);
}

function registerExportRoute(rc: RouteContext): void {
  const { app, def, policy, label, tags, variantTexts, context, common, route } = rc;
  app.get(
    route.url('export'),
    {
      ...common,
      config: { access: route.access('export') },
      schema: {
        tags,
        summary: `Export ${label.en} as xlsx or CSV (headers in the caller's language, at most ${EXPORT_MAX_ROWS} rows)`,
        querystring: exportQuerySchema(def, policy),
      },
    },
    async (request, reply) => {
      const input = request.query as ExportQuery;
      const file = await exportRecords({ ...context(request), texts: variantTexts(request) }, input);
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', contentDisposition(file.filename));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file.stream);
    },
  );
}

function registerImportRoute(rc: RouteContext): void {
  const { app, def, tags, texts, context, common, rowScope, route } = rc;
  app.post(
    route.url('import'),
    {
      ...common,
      config: { access: route.access('import') },
      schema: {
        tags,
        summary: `Import ${def.labels.plural.en} from an xlsx or CSV file (multipart field "file"; headers in English or Chinese)`,
        description:
          'dryRun=true (default) validates every row and writes nothing; dryRun=false writes all valid rows in one transaction. Rows with an ID update that record.',
        consumes: ['multipart/form-data'],
        querystring: z.strictObject({ dryRun: z.enum(['true', 'false']).default('true') }),
        response: { 200: okSchema(importReportSchema) },
      },
    },
    async (request) => {
      const { dryRun } = request.query as { dryRun: 'true' | 'false' };
      // Imports are the organiser's: rows of several companies at once do not fit a supplier's scope.
      if (def.scope && rowScope(request)) throw new AppError('forbidden');
      const buffer = await importFileOf(request);
      const report = await importRecords({ ...context(request), texts }, buffer, dryRun === 'true');
      return ok(report);
    },
  );
}

/** The file of an import request (multipart field "file"), at most IMPORT_MAX_BYTES. */
export async function importFileOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('badRequest');
  const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('badRequest');
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payloadTooLarge', { params: { max: `${IMPORT_MAX_BYTES / 1024 / 1024} MB` } });
    throw error;
  });
}
