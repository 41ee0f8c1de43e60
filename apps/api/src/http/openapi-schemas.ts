import { z } from 'zod';

// Schemas many routes share (an entity's record) are named once: the OpenAPI document lists them under
// `components.schemas` and each route refers to them, so the document stays small and a change to an entity
// shows once in its diff. One registry per app: tests build many apps, and a name may be taken only once.
// The same registry keeps the operation ids of the engine's routes, which come from the route table
// (`company_list`), so that no engine route has to spell its own.

export type OpenApiSchemas = {
  readonly registry: z.core.$ZodRegistry<{ id?: string }>;
  /** `schema`, shown in the document as `components.schemas[id]`. */
  named: <T extends z.ZodType>(id: string, schema: T) => T;
  /** Operation ids by `METHOD /api/pattern` (`GET /api/company/:id` → `company_get`). */
  readonly operationIds: Map<string, string>;
  /** What each entity's tag holds (its plural label), for the document's `tags`. */
  readonly tags: Map<string, string>;
};

/** The key of a route in `operationIds`. */
export const operationKey = (method: string, url: string): string => `${method} ${url}`;

export function createOpenApiSchemas(): OpenApiSchemas {
  const registry = z.registry<{ id?: string }>();
  return {
    registry,
    operationIds: new Map(),
    tags: new Map(),
    named: (id, schema) => {
      if (!registry.has(schema)) registry.add(schema, { id });
      return schema;
    },
  };
}

/** `company_tag` → `CompanyTag`. */
export const schemaName = (name: string): string =>
  name.replace(/(^|_)([a-z0-9])/g, (_, _sep: string, c: string) => c.toUpperCase());
