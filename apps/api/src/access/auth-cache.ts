import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Every authenticated request needs its session (with the user and the user's roles) and, for most routes,
// a permission check: cached in-process for a short time so a list request costs the list's own statements.
//
// Invalidation is immediate: whatever changes who may do what (logout, revoked sessions, a password change,
// a disabled or deleted account, roles, role permissions, permissions) calls `invalidateAuthCaches()`, which
// empties every cache of this process and, with Redis, tells the other API nodes to do the same. A write made
// inside a transaction is visible to others only at its commit: its invalidation (`{ beforeCommit: true }`)
// also keeps the caches from answering or filling for a moment, so a request racing the commit reads the
// database instead of caching what is about to change.

/** After an invalidation, the caches stay out of the way this long (covers the commit of the write). */
const QUIET_MS = 1_000;
/** Most sessions (and users' permission sets) kept; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; at: number };

export class AuthCache {
  private sessions = new Map<string, Entry<unknown>>();
  private permissions = new Map<number, Entry<Set<string>>>();
  private quietUntil = 0;
  private clearedAt = 0;

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  private fresh<T>(entry: Entry<T> | undefined, now: number): T | undefined {
    if (!entry || now < this.quietUntil || now - entry.at >= this.ttlMs) return undefined;
    return entry.value;
  }

  private put<K, T>(map: Map<K, Entry<T>>, key: K, value: T, startedAt: number): void {
    // A read that began before the last invalidation may carry what it cleared.
    if (!this.enabled || startedAt < this.quietUntil || startedAt <= this.clearedAt) return;
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
    map.set(key, { value, at: startedAt });
  }

  /** The cached session row of a token hash, or what `load` reads (and is kept). */
  async session<T>(tokenHash: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = Date.now();
    const cached = this.fresh(this.sessions.get(tokenHash), now) as T | undefined;
    if (cached !== undefined) return cached;
    const value = await load();
    // Refusals are not kept: a token that does not exist costs its lookup every time.
    if (value !== undefined) this.put(this.sessions, tokenHash, value, now);
    return value;
  }

  /** Updates a kept session row in place (its last-seen time after a touch). */
  patchSession<T>(tokenHash: string, patch: (value: T) => T): void {
    const entry = this.sessions.get(tokenHash);
    if (entry) entry.value = patch(entry.value as T);
  }

  /** The user's permission keys (`type method url`), cached. */
  async permissionsOf(userId: number, load: () => Promise<Set<string>>): Promise<Set<string>> {
    const now = Date.now();
    const cached = this.fresh(this.permissions.get(userId), now);
    if (cached) return cached;
    const value = await load();
    this.put(this.permissions, userId, value, now);
    return value;
  }

  clear(beforeCommit = false): void {
    this.sessions.clear();
    this.permissions.clear();
    if (beforeCommit) this.quietUntil = Date.now() + QUIET_MS;
    this.clearedAt = Date.now();
  }
}

export const permissionKey = (type: string, method: string, url: string) => `${type} ${method} ${url}`;

/** The cache of each open app, by its database object (routes and helpers reach it through `db`). */
const caches = new Map<object, AuthCache>();
const publishers = new Set<(message: string) => void>();
/** This process, as the origin of the invalidations it publishes (it has already applied its own). */
const origin = randomUUID();

export function registerAuthCache(db: object, cache: AuthCache): () => void {
  caches.set(db, cache);
  return () => {
    if (caches.get(db) === cache) caches.delete(db);
  };
}

export function authCacheOf(db: object): AuthCache | undefined {
  const cache = caches.get(db);
  return cache?.enabled ? cache : undefined;
}

/** Listeners of the other in-process caches shared between nodes, by topic (`dynamic-forms`). */
const topicListeners = new Map<string, Set<() => void>>();

/** Calls `listener` whenever `topic` is invalidated, on this node or another one. Returns the function that
 * stops it. */
export function onSharedInvalidation(topic: string, listener: () => void): () => void {
  const set = topicListeners.get(topic) ?? new Set();
  set.add(listener);
  topicListeners.set(topic, set);
  return () => set.delete(listener);
}

/** Tells this node's and (through Redis, on the auth invalidation channel) the other nodes' caches of `topic`
 * to forget what they hold. The auth caches are left alone. */
export function invalidateShared(topic: string): void {
  for (const listener of topicListeners.get(topic) ?? []) listener();
  for (const publish of publishers) publish(`${origin} topic:${topic}`);
}

/** Empties every auth cache of this process and of the other API nodes (through Redis when configured).
 * `beforeCommit`: called inside a transaction that has not committed yet. */
export function invalidateAuthCaches(options: { beforeCommit?: boolean } = {}): void {
  for (const cache of caches.values()) cache.clear(options.beforeCommit);
  for (const publish of publishers) publish(options.beforeCommit ? `${origin} commit` : origin);
}

/**
 * Shares invalidations between API nodes: publishes this process's on `<prefix>auth-invalidate` and empties
 * the local caches when another node publishes. Returns the function that stops it.
 */
export async function shareAuthInvalidations(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
): Promise<() => void> {
  const channel = `${prefix}auth-invalidate`;
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel || message.startsWith(origin)) return;
    const topic = message.match(/ topic:(.+)$/)?.[1];
    if (topic) {
      for (const listener of topicListeners.get(topic) ?? []) listener();
      return;
    }
    for (const cache of caches.values()) cache.clear(message.endsWith(' commit'));
  });
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    // ioredis subscribes again once Redis is back.
    onError(error);
  }
  const publish = (message: string) => {
    redis.publish(channel, message).catch(onError);
  };
  publishers.add(publish);
  return () => {
    publishers.delete(publish);
    subscriber.disconnect();
  };
}
