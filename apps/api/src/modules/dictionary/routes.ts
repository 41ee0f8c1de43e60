import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enabledDictItems } from '../../engine';
import { ok, okSchema } from '../../plugins/envelope';

// The options of a `dict` field: any signed-in user editing a record needs them, not only those who may
// manage dictionaries (the item list of the dictionary screens is behind the dictionaries' menu).

const option = z.object({ value: z.string(), label: z.object({ en: z.string(), zh: z.string() }) });

export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/dictionary/:code/items',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['dictionary'],
        operationId: 'dictionary_items',
        summary:
          'The enabled items of an enabled dictionary, in their order (empty when unknown or disabled)',
        params: z.object({
          code: z
            .string()
            .regex(/^[a-z][a-z0-9_]*$/)
            .max(50),
        }),
        response: { 200: okSchema(z.array(option)) },
      },
    },
    async (request) => ok(await enabledDictItems(db, request.params.code)),
  );
};
