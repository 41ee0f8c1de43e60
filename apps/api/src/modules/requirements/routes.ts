import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { createMailer } from '../mail';
import { publicAddress } from '../users';
import { scheduleExpiry } from './expiry';
import { marketPage, marketRow, revealsOf, supplierView } from './market';
import type { MailRuntime } from './matching-mail';
import { revealContact } from './reveal';
import { idParamsSchema, marketQuerySchema, pageOf, supplierRequirementSchema } from './schemas';

// The supplier accounts' routes over purchase requirements. Staff use the entity's own routes (list, one
// record, export, history: everything unmasked); supplier accounts are not given those (their role has no
// menu permission on them) and read here instead: authorised, effective requirements, read-only, the buyer's
// contact masked until their company reveals it.

/** The signed-in supplier account's company; staff and accounts without a company are refused. */
function supplierOf(request: FastifyRequest): { companyId: number; userId: number } {
  const user = request.auth?.user;
  if (user?.type !== 'company' || !user.companyId) throw new AppError('forbidden');
  return { companyId: user.companyId, userId: user.id };
}

const access = { kind: 'login' } as const;
const tags = ['buy_requirement'];

export const requirementRoutes =
  (runtime: { start: (mail: MailRuntime) => void }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = app;
    const mailer = createMailer(db, config.server.smtpUrl);
    const port = () => {
      // the port the server listens on (PORT=0 picks a free one), or none yet
      const bound = app.server.address();
      return bound && typeof bound === 'object' ? bound.port : undefined;
    };
    runtime.start({ mailer: () => mailer, address: () => publicAddress(config.server, port()) });
    scheduleExpiry(app);

    app.get(
      '/buy_requirement/market/list',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'buy_requirement_market_list',
          summary:
            "A supplier account's list of authorised, effective requirements: the buyer's contact masked until its company reveals it",
          querystring: marketQuerySchema,
          response: { 200: okSchema(pageOf(supplierRequirementSchema)) },
        },
      },
      async (request) => {
        const { companyId } = supplierOf(request);
        const now = new Date();
        const { rows, total } = await marketPage(db, request.query, now);
        const reveals = await revealsOf(
          db,
          companyId,
          rows.map((r) => Number(r.id)),
        );
        const list = rows.map((r) => supplierView(r, now, reveals.get(Number(r.id)) ?? null));
        return ok({ list, total, page: request.query.page, size: request.query.size });
      },
    );

    app.get(
      '/buy_requirement/market/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'buy_requirement_market_get',
          summary: 'One authorised, effective requirement as a supplier account sees it',
          params: idParamsSchema,
          response: { 200: okSchema(supplierRequirementSchema) },
        },
      },
      async (request) => {
        const { companyId } = supplierOf(request);
        const now = new Date();
        const row = await marketRow(db, request.params.id, now);
        if (!row) throw new AppError('notFound');
        const reveals = await revealsOf(db, companyId, [request.params.id]);
        return ok(supplierView(row, now, reveals.get(request.params.id) ?? null));
      },
    );

    app.post(
      '/buy_requirement/market/reveal/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'buy_requirement_market_reveal',
          summary:
            "Reveals the buyer's contact to the supplier account's company: one of its monthly reveals the first time, free after",
          params: idParamsSchema,
          response: { 200: okSchema(supplierRequirementSchema) },
        },
      },
      async (request) => {
        const { companyId, userId } = supplierOf(request);
        return ok(
          await revealContact(db, { requirementId: request.params.id, companyId, userId, now: new Date() }),
        );
      },
    );
  };
