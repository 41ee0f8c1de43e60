import type { PublicConfig } from '@organiser/domain';
import { createContext, useContext } from 'react';

/** The deployment's public configuration, fetched before anything renders. */
export const ConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('usePublicConfig needs <ConfigContext.Provider>');
  return config;
}

/** Reads the public configuration again (after staff changed a run-time setting such as the site name). */
export const ConfigReloadContext = createContext<() => Promise<void>>(async () => {});

export function useReloadPublicConfig(): () => Promise<void> {
  return useContext(ConfigReloadContext);
}
