import type { FastifyRequest } from 'fastify';

// Row scope: which rows a caller may read and write. A supplier account (type company, not root) is confined
// to its own company's rows; organiser staff have no scope. The engine turns a scope into query conditions.

/** The company a caller is confined to (a supplier account): it reads and writes only rows of the entities
 * with a `scope` whose scope field is this id. Organiser staff have none. */
export type RowScope = { companyId: number };

/** The row scope of the request's caller (null: every row). */
export const rowScopeOf = (request: FastifyRequest): RowScope | null => {
  const user = request.auth?.user;
  if (user?.type !== 'company' || user.isRoot) return null;
  return { companyId: user.companyId ?? 0 };
};
