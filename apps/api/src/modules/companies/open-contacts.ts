import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { loadRow, toRecord, withEffective } from '../../engine';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';

// `GET /api/open/v1/companies/{id}/contacts` (scope companies:read): the customer-service contacts the
// marketplace shows on a company's page. Only a public company has them (audit passed and enabled, not
// deleted); any other id is a 404 naming it. A company whose customer service is off (its own flag, or its
// package's when its own is empty) answers `enabled: false` and no contacts, so the marketplace can tell
// "switched off" from "none yet".

const contact = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  isDefault: z.boolean(),
});

const answer = z.object({
  companyId: z.number().int(),
  enabled: z.boolean().describe("The company's customer service is on; when off, `contacts` is empty"),
  contacts: z.array(contact),
});

/** Most contacts one answer lists (a company has a handful). */
const MAX_CONTACTS = 100;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export const companyContactsRoute: OpenRoute = {
  method: 'GET',
  url: '/companies/:id/contacts',
  operationId: 'openListCompanyContacts',
  summary: "A company's customer-service contacts",
  description:
    'The enabled contacts of a public company, its default contact first. `enabled: false` with no contacts when the company has no customer service; 404 for an unknown, deleted or closed company.',
  scope: 'companies:read',
  params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
  response: answer,
  examples: {
    response: {
      companyId: 12,
      enabled: true,
      contacts: [
        {
          id: 31,
          name: 'Li Wei',
          position: 'Sales manager',
          mobile: '13800138000',
          email: 'li.wei@example.com',
          avatar: null,
          isDefault: true,
        },
      ],
    },
  },
  handler: async ({ params }, ctx) => {
    const id = (params as { id: number }).id;
    const companies = ctx.engine.get('company')!;
    const row = await loadRow(ctx.db, companies, id);
    if (!row?.isPublic)
      throw new AppError('openNotFound', { params: { entityEn: 'company', entityZh: '企业', id } });
    const [company] = await withEffective(ctx.db, ctx.engine, companies, [toRecord(companies, row)]);
    const effective = company?.effective as Record<string, { value: unknown }> | undefined;
    const enabled = effective?.enableCustomerService?.value === true;
    if (!enabled) return { companyId: id, enabled, contacts: [] };
    const contacts = ctx.engine.get('customer_service')!;
    const rows = await ctx.db
      .select()
      .from(contacts.table)
      .where(
        and(
          eq(contacts.col('companyId'), id),
          eq(contacts.col('status'), 'enabled'),
          isNull(contacts.col('deletedAt')),
        ),
      )
      .orderBy(desc(contacts.col('isDefault')), asc(contacts.col('createdAt')), asc(contacts.col('id')))
      .limit(MAX_CONTACTS);
    return {
      companyId: id,
      enabled,
      contacts: rows.map((r: Record<string, unknown>) => ({
        id: Number(r.id),
        name: String(r.name ?? ''),
        position: text(r.position),
        mobile: text(r.mobile),
        email: text(r.email),
        avatar: text(r.avatar),
        isDefault: r.isDefault === true,
      })),
    };
  },
};
