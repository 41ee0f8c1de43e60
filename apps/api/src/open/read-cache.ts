import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { onSharedInvalidation } from '../access/auth-cache';

// The answers of the marketplace's cached reads (a route declaring `cache`): kept in memory per database and
// request (path, query, language), sent with an ETag of their text, and forgotten when one of the route's topics
// is invalidated: a write announces its topic on the shared invalidation channel, which reaches this node at
// once and the other API nodes through Redis. An answer also expires after its route's `maxAgeSeconds`, which
// bounds how long a change it cannot be told about (a product disabled after it was picked) takes to show.

type Entry = { generation: number; expires: number; text: string; etag: string };

/** Bumped by every invalidation of a topic. */
const generations = new Map<string, number>();
const entries = new WeakMap<object, Map<string, Entry>>();
/** Answers kept per database at most: the reads are few and small, and the query a client sends is its choice. */
const MAX_ENTRIES = 500;

function generationOf(topics: readonly string[]): number {
  let sum = 0;
  for (const topic of topics) {
    if (!generations.has(topic)) {
      generations.set(topic, 0);
      onSharedInvalidation(topic, () => generations.set(topic, (generations.get(topic) ?? 0) + 1));
    }
    sum += generations.get(topic)!;
  }
  return sum;
}

export const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** The request's If-None-Match names this ETag (or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Answers a cached read: the kept text while it is current, else `make()`'s, kept for the next request; 304 when
 * the client already holds it. */
export async function sendCachedRead(options: {
  db: object;
  request: FastifyRequest;
  reply: FastifyReply;
  cache: { topics: readonly string[]; maxAgeSeconds: number };
  make: () => Promise<string>;
}) {
  const { db, request, reply, cache, make } = options;
  const key = `${request.url}\n${request.lang}`;
  const generation = generationOf(cache.topics);
  const kept = entries.get(db) ?? new Map<string, Entry>();
  entries.set(db, kept);
  let entry = kept.get(key);
  if (!entry || entry.generation !== generation || entry.expires < Date.now()) {
    const text = await make();
    entry = { generation, expires: Date.now() + cache.maxAgeSeconds * 1000, text, etag: etagOf(text) };
    if (kept.size >= MAX_ENTRIES) kept.clear();
    // an answer made while a write was announced is kept only if no invalidation came in between
    if (generationOf(cache.topics) === generation) kept.set(key, entry);
  }
  reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache');
  if (matches(request, entry.etag)) return reply.code(304).send();
  return reply.status(200).type('application/json; charset=utf-8').send(entry.text);
}
