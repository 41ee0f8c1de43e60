import type { ServerSettings } from '../../config/load';
import type { Mailer } from '../mail';

// What the users module's command handlers need of the running server: its mailer and the console's public
// address. Handlers are registered before the server starts; the routes plugin fills this in when it does.

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** Where people reach the console: PUBLIC_URL, else the address the server listens on. */
export function publicAddress(
  server: Pick<ServerSettings, 'publicUrl' | 'host' | 'port'>,
  port?: number,
): string {
  if (server.publicUrl) return server.publicUrl;
  const host = WILDCARD_HOSTS.has(server.host) ? '127.0.0.1' : server.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port ?? server.port}`;
}

export type UsersRuntime = {
  mailer: () => Mailer;
  /** Where people reach the console (PUBLIC_URL, else the address the server listens on). */
  address: () => string;
  start: (mailer: Mailer, server: ServerSettings, listeningPort: () => number | undefined) => void;
};

export function usersRuntime(): UsersRuntime {
  let state: { mailer: Mailer; server: ServerSettings; port: () => number | undefined } | null = null;
  const started = () => {
    if (!state) throw new Error('the users module is not started');
    return state;
  };
  return {
    mailer: () => started().mailer,
    address: () => publicAddress(started().server, started().port()),
    start: (mailer, server, port) => {
      state = { mailer, server, port };
    },
  };
}
