import type { EntityDef } from '@organiser/domain';

// What a supplier account (confined to its own company: state/scope.ts) may not send or sees decided for it.

/** Fields a scoped user may not send (the server answers `organiserOnly` for each). */
export function organiserOnlyFields(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, field]) => field.organiserOnly)
    .map(([name]) => name);
}

/** Is this entity the scope owner itself (the company: its scope field is its own id)? */
export const isScopeOwner = (def: EntityDef): boolean => def.scope?.field === 'id';

/** The field naming the company a scoped user's records belong to (`companyId` of a product), unless the entity
 * is the company itself. */
export const ownCompanyField = (def: EntityDef): string | null =>
  def.scope && def.scope.field !== 'id' ? def.scope.field : null;
