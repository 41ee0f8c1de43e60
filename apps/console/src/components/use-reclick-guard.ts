import { RECLICK_GUARD_MS } from '@organiser/domain';
import { useCallback, useRef } from 'react';

/**
 * Re-click guard: after a call, further calls within `ms` (3000) are ignored. The returned function
 * tells whether this call went through.
 */
export function useReclickGuard<A extends unknown[]>(
  handler: ((...args: A) => void) | undefined,
  ms: number = RECLICK_GUARD_MS,
): (...args: A) => boolean {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < ms) return false;
      last.current = now;
      latest.current?.(...args);
      return true;
    },
    [ms],
  );
}
