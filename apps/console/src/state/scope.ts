import { type SessionState, useSession } from './session';

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
