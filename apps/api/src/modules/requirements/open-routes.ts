import { z } from 'zod';
import { createRecord } from '../../engine';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';
import { countView, marketPage, publicView } from './market';
import { idParamsSchema, marketQuerySchema, pageOf, publicRequirementSchema } from './schemas';

// The marketplace's routes over purchase requirements (/api/open/v1): a buyer's new requirement (pending
// until staff authorise it), a view of a requirement (its clickNum), and the listing of authorised,
// effective requirements without the buyer's contact. The engine validates a new requirement like any other
// write (unknown category or buyer, a bad email or mobile: a 400 naming the field).

const newRequirementSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    categoryId: z.number().int().positive().max(2_147_483_647),
    userId: z.number().int().positive().max(2_147_483_647),
    endTime: z.string().datetime({ offset: true }),
    budget: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
    country: z.string().trim().max(100).optional(),
    contactTypes: z.array(z.string().max(50)).max(5).optional(),
    contactName: z.string().trim().max(100).optional(),
    mobile: z.string().trim().max(30).optional(),
    tel: z.string().trim().max(30).optional(),
    email: z.string().trim().max(200).optional(),
    content: z.string().max(5000).optional(),
    attachments: z
      .array(z.object({ name: z.string().trim().max(255), url: z.string().min(1).max(300) }).strict())
      .max(10)
      .optional()
      .describe('Images: each `url` the `path` of a file this key uploaded (POST /files)'),
  })
  .strict();

const created = z.object({ id: z.number().int(), requirementNo: z.string(), authed: z.string() });

const exampleRequirement = {
  title: 'Stainless centrifugal pumps, 200 units',
  categoryId: 12,
  userId: 345,
  endTime: '2026-12-31T00:00:00+08:00',
  budget: 'USD 40,000',
  company: 'Lagos Water Works Ltd.',
  country: 'Nigeria',
  contactTypes: ['email', 'whatsapp'],
  contactName: 'Ade Okafor',
  mobile: '+234 803 123 4567',
  email: 'ade@lagoswater.example',
  content: '304 stainless, 5 bar, CIF Lagos.',
  attachments: [{ name: 'pump-drawing.png', url: '2026/11/Xk2pQ7sVb0nW4yLr9cTa1g.png' }],
};

const exampleListed = {
  id: 7,
  requirementNo: 'BR20261126-000007',
  title: 'Stainless centrifugal pumps, 200 units',
  categoryId: 12,
  categoryName: 'Pumps',
  budget: 'USD 40,000',
  endTime: '2026-12-30T16:00:00.000Z',
  leftDate: 35,
  country: 'Nigeria',
  contactTypes: ['email', 'whatsapp'],
  content: '304 stainless, 5 bar, CIF Lagos.',
  clickNum: 18,
  createdAt: '2026-11-26T08:00:00.000Z',
};

export const requirementOpenRoutes: OpenRoute[] = [
  {
    method: 'POST',
    url: '/requirements',
    operationId: 'openCreateRequirement',
    summary: "A buyer's new purchase requirement: pending until staff authorise it",
    description:
      'Checked as the console checks a requirement (a 400 naming each field). `attachments` may name only files this key uploaded through `POST /files`; an address or another key’s file is refused naming `attachments`.',
    scope: 'requirements:write',
    body: newRequirementSchema,
    response: created,
    examples: {
      body: exampleRequirement,
      response: { id: 7, requirementNo: 'BR20261126-000007', authed: 'pending' },
    },
    handler: async ({ body }, ctx) => {
      const record = await createRecord(ctx.writeContext('buy_requirement'), body);
      return { id: record.id, requirementNo: String(record.requirementNo), authed: String(record.authed) };
    },
  },
  {
    method: 'POST',
    url: '/requirements/:id/view',
    operationId: 'openViewRequirement',
    summary: 'One more view of an authorised, effective requirement (its clickNum)',
    scope: 'requirements:write',
    params: idParamsSchema,
    response: z.object({ id: z.number().int(), clickNum: z.number().int() }),
    examples: { response: { id: 7, clickNum: 19 } },
    handler: async ({ params }, ctx) => {
      const { id } = params as z.infer<typeof idParamsSchema>;
      const clickNum = await countView(ctx.db, id, ctx.now);
      if (clickNum === null)
        throw new AppError('openNotFound', {
          params: { entityEn: 'purchase requirement', entityZh: '采购需求', id },
        });
      return { id, clickNum };
    },
  },
  {
    method: 'GET',
    url: '/requirements',
    operationId: 'openListRequirements',
    summary:
      "Authorised, effective requirements for the marketplace's listing, newest first, without the buyer's contact",
    scope: 'requirements:read',
    query: marketQuerySchema,
    response: pageOf(publicRequirementSchema),
    examples: { response: { list: [exampleListed], total: 1, page: 1, size: 20 } },
    handler: async ({ query }, ctx) => {
      const q = query as z.infer<typeof marketQuerySchema>;
      const { rows, total } = await marketPage(ctx.db, q, ctx.now);
      return { list: rows.map((r) => publicView(r, ctx.now)), total, page: q.page, size: q.size };
    },
  },
];
