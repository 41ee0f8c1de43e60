import { useCallback } from 'react';
import { hasResourcePermission, useSession } from '../../state/session';

/** Whether the signed-in user holds the resource permission of an API route (root holds them all). */
export function useCan(): (method: string, url: string) => boolean {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return useCallback(
    (method, url) => hasResourcePermission({ roles, permissions }, method, url),
    [roles, permissions],
  );
}
