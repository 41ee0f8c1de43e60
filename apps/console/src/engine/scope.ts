import type { EntityDef } from '@organiser/domain';
import { type SessionState, useSession } from '../state/session';

// A supplier account (a login of type company) works inside its own company. The server confines
// every route to the company's rows and refuses organiser-only fields by name; the console mirrors that so a
// supplier never sees a control that would only be refused.

export type Scope = {
  /** The signed-in user is confined to one company's records. */
  isScoped: boolean;
  /** That company (null for organiser staff, or a company login not linked to a company yet). */
  companyId: number | null;
};

export function scopeOf(state: Pick<SessionState, 'user' | 'roles'>): Scope {
  const isScoped = state.user?.type === 'company' && !state.roles.includes('root');
  return { isScoped, companyId: isScoped ? (state.user?.companyId ?? null) : null };
}

export function useScope(): Scope {
  const isScoped = useSession((s) => scopeOf(s).isScoped);
  const companyId = useSession((s) => scopeOf(s).companyId);
  return { isScoped, companyId };
}

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
