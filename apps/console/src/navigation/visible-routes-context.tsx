import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { usePublicConfig } from '../state/config-context';
import { scopeOf } from '../state/scope';
import { menuPermissions, useSession } from '../state/session';
import { buildVisibleRoutes, type VisibleRoutes } from './visible-routes';

const VisibleRoutesContext = createContext<VisibleRoutes | null>(null);

/** Builds the permitted routes from the session's roles and menu and the deployment's hidden menus. */
export function VisibleRoutesProvider({ children }: { children: ReactNode }) {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const ownCompanyId = useSession((s) => scopeOf(s).companyId);
  const { hiddenMenus } = usePublicConfig();
  const value = useMemo(
    () => buildVisibleRoutes({ roles, permissions: menuPermissions(permissions), hiddenMenus, ownCompanyId }),
    [roles, permissions, hiddenMenus, ownCompanyId],
  );
  return <VisibleRoutesContext.Provider value={value}>{children}</VisibleRoutesContext.Provider>;
}

export function useVisibleRoutes(): VisibleRoutes {
  const value = useContext(VisibleRoutesContext);
  if (!value) throw new Error('useVisibleRoutes needs <VisibleRoutesProvider>');
  return value;
}
