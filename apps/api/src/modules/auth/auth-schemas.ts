import { z } from 'zod';

/** The signed-in user as the account calls return it. */
export const userInfoSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  type: z.enum(['admin', 'company']),
  companyId: z.number().int().nullable(),
});

export const menuEntrySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  url: z.string(),
  icon: z.string().nullable(),
  name: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(['menu', 'resource']),
  method: z.string(),
});
