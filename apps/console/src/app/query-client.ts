import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in console (provided by the protected shell, not loaded by the login page). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
