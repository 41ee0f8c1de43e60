import { z } from 'zod';

// The shapes of the requirement routes: the listing query, a requirement as the marketplace sees it, and as
// a supplier account sees it (with the buyer's contact, masked until revealed).

export const marketQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(200).default(1),
    size: z.coerce.number().int().min(1).max(50).default(20),
    categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const publicRequirementSchema = z.object({
  id: z.number().int(),
  requirementNo: z.string(),
  title: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  budget: z.string().nullable(),
  endTime: z.string(),
  leftDate: z.number().int().describe('Days left before the end time, rounded up; 0 once it passed'),
  country: z.string().nullable(),
  contactTypes: z.array(z.string()),
  content: z.string().nullable(),
  clickNum: z.number().int(),
  createdAt: z.string(),
});

export const supplierRequirementSchema = publicRequirementSchema.extend({
  company: z.string().nullable(),
  contactName: z.string().nullable(),
  mobile: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  isRevealed: z.boolean(),
  revealedAt: z.string().nullable(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
