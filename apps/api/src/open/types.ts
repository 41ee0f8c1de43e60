import type { Lang, OpenScope } from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Db } from '../db/client';
import type { Engine, EngineExtensions, WriteContext } from '../engine';

// The marketplace-facing API: routes under /api/open/v1 that the marketplace's own servers call with an API
// key, never with a console session. A module declares each route (`ext.openRoute(route)`) with its scope,
// its zod schemas and an example; the open-API plugin serves every declared route the same way: the key
// and its scope, the per-key rate limit, validation answered in the envelope with per-field errors, the
// idempotency key of every write, and the system log line that names the key.

/** What a key may be granted (kept with the api_key entity, so the console offers the same list). Each route
 * names exactly one. */
export { OPEN_SCOPES, type OpenScope } from '@organiser/domain';

/** The API key a request was made with. */
export type OpenCaller = { keyId: number; keyName: string; scopes: readonly OpenScope[] };

/** Work that follows a write's commit (may answer a promise); a failure of it does not undo the write. */
export type AfterCommitWork = () => unknown;

/** What a handler gets besides its input. */
export type OpenContext = {
  /** For a write: the transaction that also records the idempotency key, so a retried request writes once. */
  db: Db;
  caller: OpenCaller;
  /** The language of messages (Accept-Language; English by default). */
  lang: Lang;
  now: Date;
  /** The deployment's statistics time zone (`statistics.timeZone`): the calendar days rollups count in. */
  timeZone: string;
  /** The deployment's `statistics.projection`: whether behaviour events move their projections in the storing
   * transaction (`inline`) or are queued for the projection job (`queued`). */
  projection: 'inline' | 'queued';
  engine: Engine;
  extensions: EngineExtensions;
  /** The engine's write context for one of its entities, inside this request's transaction, acting as the
   * key (history and the system log name the key, not a user); no row scope. */
  writeContext: (entity: string) => WriteContext;
  /** Work that must follow the commit of a write (telling other nodes what changed); run at once for a read. */
  afterCommit?: (work: AfterCommitWork) => void;
  /** The file storage (local or S3) stored uploads are kept in. */
  storage: FastifyInstance['storage'];
};

/** What a write's preparation gets: the database (not a transaction) and the engine. */
export type OpenPrepareContext = { db: Db; engine: Engine; now: Date };

/** How a write whose body is a multipart form (an upload) is read, instead of a zod schema. */
export type OpenMultipart = {
  /** Reads and checks the form before the write: `body` is what the handler gets, `hashed` what the idempotency
   * key's request hash covers (the file's digest, not where it is kept meanwhile). Logs its own refusals. */
  receive: (request: FastifyRequest) => Promise<{ body: unknown; hashed: unknown }>;
  /** Follows the write whatever happened (stored, answered from a retry's stored answer, refused): removes what
   * `receive` kept and the handler did not store, and logs. */
  release: (request: FastifyRequest, body: unknown, error: unknown) => Promise<void>;
};

/** One marketplace-facing route. POST routes are writes: they require an `Idempotency-Key` header. */
export type OpenRoute = {
  method: 'GET' | 'POST';
  /** Relative to /api/open/v1, in Fastify's syntax: '/consults', '/requirements/:id/view'. */
  url: string;
  /** Unique across the API document, camelCase, starting with `open`: 'openCreateConsult'. */
  operationId: string;
  summary: string;
  description?: string;
  scope: OpenScope;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** A POST whose body is a multipart form (then no `body` schema). */
  multipart?: OpenMultipart;
  /** The `data` of the answer's envelope. */
  response: ZodType;
  /** A GET whose answer is kept and sent with an ETag (answered 304 to a matching If-None-Match) until one of
   * `topics` is invalidated (the writes of what it reads announce them) or `maxAgeSeconds` pass. */
  cache?: { topics: readonly string[]; maxAgeSeconds: number };
  /** Shown in the API document. */
  examples: { body?: unknown; response: unknown };
  /** A write's preparation, run before its transaction begins, on the database outside it (each statement
   * committed on its own): what the write's rows need to exist first and must not be created inside a
   * transaction that other writers wait on, such as the month partitions they go to. Runs for a retry too. */
  prepare?: (
    input: { params: unknown; query: unknown; body: unknown },
    ctx: OpenPrepareContext,
  ) => Promise<void>;
  handler: (input: { params: unknown; query: unknown; body: unknown }, ctx: OpenContext) => Promise<unknown>;
};
