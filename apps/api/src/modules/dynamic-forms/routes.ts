import {
  dynamicFormConfig as configDef,
  DYNAMIC_FORM_TYPES,
  type EntityDef,
  resourcePermissions,
} from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../access/permission-checks';
import type { Db } from '../../db/client';
import { dynamicFormOwners, filterableConfigs, formGroups, groupConfigs } from '../../engine';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';

// The configs the console's dynamic form sections and list filters are built from. Whoever may manage the
// configs may read them; so may whoever may add or edit (the group's inputs) or list (the filters) a record
// of an entity with a dynamic form field of the category.

const bilingual = z.object({ en: z.string(), zh: z.string() });
const config = z.object({
  code: z.string(),
  type: z.enum(DYNAMIC_FORM_TYPES),
  label: bilingual,
  options: z.array(z.object({ value: z.string(), label: bilingual })),
  required: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  maxLength: z.number().int().nullable(),
  filterable: z.boolean(),
  sortNo: z.number().int(),
});

const categories = (configDef.fields.category as { options: readonly { value: string }[] }).options.map(
  (o) => o.value,
) as [string, ...string[]];
const code = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9_]*$/)
  .max(50);

type Need = 'write' | 'read';

/** Whether the caller may read the configs of the category: root, the configs' menu, or (`write`) the add or
 * edit permission, (`read`) the list menu, of an entity whose dynamic form field is of the category. */
async function mayRead(db: Db, request: FastifyRequest, category: string, need: Need): Promise<boolean> {
  const user = request.auth!.user;
  if (user.isRoot) return true;
  const userId = user.id;
  if (await hasPermission(db, { userId, type: 'menu', method: '', url: configDef.permission.menu }))
    return true;
  for (const def of dynamicFormOwners(category) as EntityDef[]) {
    if (need === 'read') {
      if (await hasPermission(db, { userId, type: 'menu', method: '', url: def.permission.menu }))
        return true;
      continue;
    }
    for (const p of resourcePermissions(def, ['create', 'update']))
      if (await hasPermission(db, { userId, type: 'resource', method: p.method, url: p.url })) return true;
  }
  return false;
}

export const dynamicFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/dynamic_form/group/:category/:groupCode',
    {
      // Checked in the handler: the configs' menu, or adding or editing a record of the category.
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['dynamic_form_config'],
        operationId: 'dynamic_form_group',
        summary:
          'The enabled inputs of a dynamic form group, in their order (empty when the group has none); for the forms of records of the category',
        params: z.object({ category: z.enum(categories), groupCode: code }),
        response: { 200: okSchema(z.array(config)) },
      },
    },
    async (request) => {
      const { category, groupCode } = request.params;
      if (!(await mayRead(db, request, category, 'write'))) throw new AppError('forbidden');
      return ok(await groupConfigs(db, category, groupCode));
    },
  );
  app.get(
    '/dynamic_form/groups/:category',
    {
      // Checked in the handler, as for a group's inputs.
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['dynamic_form_config'],
        operationId: 'dynamic_form_groups',
        summary:
          'The groups of a category that have enabled inputs, by code, with their number of inputs; what a record of the category may choose as its form group',
        params: z.object({ category: z.enum(categories) }),
        response: {
          200: okSchema(z.array(z.object({ groupCode: z.string(), inputs: z.number().int() }))),
        },
      },
    },
    async (request) => {
      const { category } = request.params;
      if (!(await mayRead(db, request, category, 'write'))) throw new AppError('forbidden');
      return ok(await formGroups(db, category));
    },
  );
  app.get(
    '/dynamic_form/filters/:category',
    {
      // Checked in the handler: the configs' menu, or the list of an entity of the category.
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['dynamic_form_config'],
        operationId: 'dynamic_form_filters',
        summary:
          'The enabled inputs offered as list filters (`<field>.<code>=value`) of the records of a category, one per code',
        params: z.object({ category: z.enum(categories) }),
        response: { 200: okSchema(z.array(config)) },
      },
    },
    async (request) => {
      const { category } = request.params;
      if (!(await mayRead(db, request, category, 'read'))) throw new AppError('forbidden');
      return ok(await filterableConfigs(db, category));
    },
  );
};
