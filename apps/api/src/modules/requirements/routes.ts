import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { createMailer } from '../mail';
import { publicAddress } from '../users';
import { type ExpiryEngine, scheduleExpiry } from './expiry';
import { marketPage, marketRow, revealsOf, supplierView } from './market';
import type { MailRuntime } from './matching-mail';
import { revealContact } from './reveal';
import { idParamsSchema, marketQuerySchema, pageOf, supplierRequirementSchema } from './schemas';

// The purchase leads screen (/buy_requirement/buy_requirement_market): authorised, effective requirements,
// read-only. A supplier account sees the buyer's contact masked until its company reveals it; staff see every
// contact. Supplier accounts are not given the entity's own routes (list, one record, export, history: all
// unmasked), whose menu their role does not hold; they read here.

export const MARKET_MENU = '/buy_requirement/buy_requirement_market';

/** The supplier account's company; null for staff (who see every contact). A signed-in account of another
 * kind without a company is refused. */
function companyOf(request: FastifyRequest): number | null {
  const user = request.auth!.user;
  if (user.type !== 'company') return null;
  if (!user.companyId) throw new AppError('forbidden');
  return user.companyId;
}

/** When this caller's company revealed each requirement; for staff every requirement counts as revealed. */
async function revealedFor(db: Db, companyId: number | null, ids: number[], now: Date) {
  if (companyId === null) return new Map(ids.map((id) => [id, now]));
  return revealsOf(db, companyId, ids);
}

const access = { kind: 'menu', url: MARKET_MENU } as const;
const tags = ['requirements'];

export const requirementRoutes =
  (runtime: { start: (mail: MailRuntime) => void; expiry: ExpiryEngine }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = app;
    const mailer = createMailer(db, config.server.smtpUrl);
    const port = () => {
      // the port the server listens on (PORT=0 picks a free one), or none yet
      const bound = app.server.address();
      return bound && typeof bound === 'object' ? bound.port : undefined;
    };
    runtime.start({ mailer: () => mailer, address: () => publicAddress(config.server, port()) });
    scheduleExpiry(app, runtime.expiry);

    app.get(
      '/buy_requirement/market/list',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'buy_requirement_market_list',
          summary:
            "Authorised, effective requirements: a supplier account sees the buyer's contact masked until its company reveals it",
          querystring: marketQuerySchema,
          response: { 200: okSchema(pageOf(supplierRequirementSchema)) },
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const now = new Date();
        const { rows, total } = await marketPage(db, request.query, now);
        const ids = rows.map((r) => Number(r.id));
        const reveals = await revealedFor(db, companyId, ids, now);
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
        const companyId = companyOf(request);
        const now = new Date();
        const row = await marketRow(db, request.params.id, now);
        if (!row) throw new AppError('notFound');
        const reveals = await revealedFor(db, companyId, [request.params.id], now);
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
        const companyId = companyOf(request);
        // staff see every contact already; a reveal is a supplier company's
        if (companyId === null) throw new AppError('forbidden');
        const userId = request.auth!.user.id;
        return ok(
          await revealContact(db, { requirementId: request.params.id, companyId, userId, now: new Date() }),
        );
      },
    );
  };
