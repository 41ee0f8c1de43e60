import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The rate limits' counters. With Redis they are shared by every API node (one limit however many nodes); when
// Redis cannot be reached they are counted on this node instead, so the limits still hold per node rather than
// turning off, with one warning when that starts and a note when Redis is back. Without Redis (one node) they
// are counted on this node.
//
// Keys are named on purpose: `<prefix>rate-limit:<counter>-<caller>`, where the counter is the route
// (`GET/api/user/captcha`) or a name given to a limit that is not a route's (`login-account`).

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
/** What the rate-limit plugin passes to a store and to `child`. */
type StoreParams = { routeInfo?: { method?: string; url?: string }; counterName?: string };
type Log = { warn: (obj: object, message: string) => void; info: (message: string) => void };

/** One counter per key for a window; a key's window starts with its first request (like Redis' PEXPIRE). */
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Counters kept in this process, the oldest dropped beyond `limit` keys. */
class LocalCounters {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly limit = 10_000) {}

  incr(key: string, timeWindow: number): Counted {
    const now = Date.now();
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      this.counters.delete(key);
      entry = { count: 0, resetAt: now + timeWindow };
      this.counters.set(key, entry);
      if (this.counters.size > this.limit) this.counters.delete(this.counters.keys().next().value!);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }
}

export type RateLimitCounters = {
  /** The store class the rate-limit plugin instantiates (its `store` option). */
  Store: FastifyRateLimitStoreCtor;
  /** True while the counters are shared through Redis. */
  isShared: () => boolean;
};

export function rateLimitCounters(options: {
  redis: Redis | null;
  prefix: string;
  log: Log;
}): RateLimitCounters {
  const { redis, prefix, log } = options;
  const local = new LocalCounters();
  let isShared = Boolean(redis);
  const setShared = (shared: boolean, error?: unknown) => {
    if (shared === isShared) return;
    isShared = shared;
    if (shared) log.info('rate limits are shared through Redis again');
    else log.warn({ err: error }, 'Redis unreachable: rate limits are counted on this node until it is back');
  };
  const count = (key: string, timeWindow: number, done: Callback) => {
    if (redis?.status !== 'ready') {
      if (redis) setShared(false);
      done(null, local.incr(key, timeWindow));
      return;
    }
    redis.eval(INCR, 1, key, timeWindow).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        setShared(true);
        done(null, { current, ttl });
      },
      (error: unknown) => {
        setShared(false, error);
        done(null, local.incr(key, timeWindow));
      },
    );
  };

  class Store {
    private readonly key: string;
    constructor(_params: StoreParams, key = `${prefix}rate-limit:`) {
      this.key = key;
    }

    incr(id: string, done: Callback, timeWindow: number): void {
      count(this.key + id, timeWindow, done);
    }

    /** The counters of one route's limit, or of a limit named by `counterName`. */
    child(params: StoreParams): Store {
      const name = params.counterName ?? `${params.routeInfo?.method ?? ''}${params.routeInfo?.url ?? ''}`;
      if (!name) throw new Error('a rate limit that is not a route’s needs a counterName');
      return new Store(params, `${this.key}${name}-`);
    }
  }

  // The plugin hands `child` its merged limit parameters (with `routeInfo`), not the route options its types name.
  return { Store: Store as unknown as FastifyRateLimitStoreCtor, isShared: () => isShared };
}
