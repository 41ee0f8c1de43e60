import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SUCCESS_CODE } from '@organiser/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withSharedComponents } from '../http/openapi-components';
import { type createOpenApiSchemas, operationKey } from '../http/openapi-schemas';

// The API documents: the OpenAPI document of every /api route (its access rule as `x-access`, the content
// types it takes as `x-consumes`, the token as its security) and the Swagger UI at /api/docs. Who may read
// them is the access check's business (access/access-check.ts).

/** A marketplace route's examples: its body's, and its answer's in the envelope. */
function withExamples(
  schema: Record<string, unknown>,
  examples: { body?: unknown; response: unknown },
): void {
  const body = schema.body as Record<string, unknown> | undefined;
  if (body && examples.body !== undefined) body.examples = [examples.body];
  const ok = (schema.response as Record<string, Record<string, unknown>> | undefined)?.['200'];
  if (ok)
    ok.examples = [{ success: true, code: SUCCESS_CODE, message: 'success', content: examples.response }];
}

/** Collects the routes into the OpenAPI document; registered before any route. */
export async function setupApiDocs(
  app: FastifyInstance,
  openApiSchemas: ReturnType<typeof createOpenApiSchemas>,
  /** A tag's description: the module's, or the entity's plural label. */
  tagDescription: (tag: string) => string | undefined,
): Promise<void> {
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: openApiSchemas.registry });
  const jsonSchemaTransformObject = createJsonSchemaTransformObject({
    schemaRegistry: openApiSchemas.registry,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Organiser console API',
        description:
          'Every body is `{ success, code, message, content }` (code 20000 on success). Send the login token as `X-Token`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Token' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A marketplace API key (`omk_…`, issued on System › API keys) as `Authorization: Bearer <key>` or `X-Api-Key: <key>`; opens only /api/open/v1',
          },
        },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/') || document.url.startsWith('/api/docs')) {
        return { schema: { hide: true } as never, url: document.url };
      }
      const transformed = jsonSchemaTransform(document);
      const access = document.route.config?.access;
      const schema = transformed.schema as Record<string, unknown>;
      // A module route names its operation; an engine route's name comes from the route table.
      const method = String(document.route.method);
      schema.operationId ??= openApiSchemas.operationIds.get(operationKey(method, document.url));
      if (access?.kind === 'apiKey') schema.security = [{ apiKey: [] }];
      else if (access && access.kind !== 'public') schema.security = [{ token: [] }];
      if (access) schema['x-access'] = access;
      const examples = document.route.config?.openExamples;
      if (examples) withExamples(schema, examples);
      // The content types a route takes (body-guard.ts), also for routes whose body is not JSON (uploads).
      const consumes = (document.schema as { consumes?: string[] }).consumes;
      if (consumes?.length) schema['x-consumes'] = consumes;
      return transformed;
    },
    transformObject: (input) =>
      withSharedComponents(
        jsonSchemaTransformObject(input) as Record<string, unknown>,
        tagDescription,
      ) as never,
  });
}

/** Serves the document and the Swagger UI; registered after the routes. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
