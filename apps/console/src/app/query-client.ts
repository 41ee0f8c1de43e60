import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n';

/**
 * The server answers labels (categories, options, enum and relation labels) in the request's language, so a cached
 * answer belongs to one language: every query is cached per language. A language switch re-renders the pages,
 * whose queries then read (or fetch) the answers in the new language; switching back shows the cached ones.
 */
export const hashQueryKeyWithLanguage = (key: QueryKey): string => hashKey([currentLanguage(), ...key]);

/** Server state of the signed-in console (provided by the protected shell, not loaded by the login page). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      queryKeyHashFn: hashQueryKeyWithLanguage,
    },
  },
});
