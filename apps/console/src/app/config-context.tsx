import type { PublicConfig } from '@organiser/domain';
import { createContext, useContext } from 'react';

/** The deployment's public configuration, fetched before anything renders. */
export const ConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('usePublicConfig needs <ConfigContext.Provider>');
  return config;
}
