import { parseListQuery, type RawQuery } from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { matchingIds } from '../read/list';
import type { RouteContext } from './route-context';

// The body of every batch call (delete, status actions, commands): exactly one target, `ids` or `filter`
// with `expectedCount`, plus the call's inputs. A missing or malformed target is refused; it never falls
// back to "every record".

/** Most records one batch call changes ("all matching" included). */
export const BATCH_MAX = 10_000;
const INT_MAX = 2147483647;

const batchIdList = z.array(z.number().int().positive().max(INT_MAX)).max(BATCH_MAX);
const batchFilter = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const batchCount = z.number().int().nonnegative().max(BATCH_MAX);

/** The zod schema of a batch body (OpenAPI), with the call's input fields. */
export const batchBody = (input: z.ZodRawShape = {}) =>
  z.union([
    z.strictObject({
      ids: z
        .array(z.number().int().positive().max(INT_MAX))
        .max(BATCH_MAX)
        .describe(`The records to act on (at most ${BATCH_MAX}); [] acts on nothing`),
      ...input,
    }),
    z.strictObject({
      filter: batchFilter.describe(
        'A list query (as the list takes it; page and size are ignored): act on every matching record ' +
          'within the caller’s rows. {} matches every live record',
      ),
      expectedCount: z
        .number()
        .int()
        .nonnegative()
        .max(BATCH_MAX)
        .describe(
          'How many records the client saw matching the filter; when the count differs now the call is ' +
            'refused (409, code 40905) and nothing changes',
        ),
      ...input,
    }),
  ]);

const bad = (name: string) => new AppError('badParameter', { params: { name } });

/** The ids every record matching a batch filter (within the caller's row scope), when exactly
 * `expectedCount` records match. */
async function filteredIds(
  rc: RouteContext,
  request: FastifyRequest,
  filter: unknown,
  expectedCount: unknown,
): Promise<number[]> {
  const raw = batchFilter.safeParse(filter);
  if (!raw.success) throw bad('filter');
  const { page: _p, size: _s, ...criteria } = raw.data as RawQuery;
  const query = parseListQuery(rc.def, criteria, rc.policy);
  if (!query.ok) throw bad(`filter.${query.param}`);
  const count = batchCount.safeParse(expectedCount);
  if (!count.success) throw bad('expectedCount');
  const matched = await matchingIds(
    rc.db,
    rc.entity,
    query.query,
    BATCH_MAX + 1,
    'live',
    rc.rowScope(request),
  );
  if (matched.length > BATCH_MAX) throw new AppError('batchTooLarge', { params: { max: BATCH_MAX } });
  if (matched.length !== count.data)
    throw new AppError('batchCountChanged', { params: { expected: count.data, actual: matched.length } });
  return matched;
}

/** The ids a batch call names: its `ids`, or every record matching its `filter`; `rest` is its input. Any
 * other body is a 400 naming the field. */
export async function batchIds(
  rc: RouteContext,
  request: FastifyRequest,
): Promise<{ ids: number[]; rest: Record<string, unknown> }> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('ids');
  const { ids, filter, expectedCount, ...rest } = body as Record<string, unknown>;
  if (ids !== undefined) {
    if (filter !== undefined) throw bad('filter');
    if (expectedCount !== undefined) throw bad('expectedCount');
    const parsed = batchIdList.safeParse(ids);
    if (!parsed.success) throw bad('ids');
    return { ids: [...new Set(parsed.data)], rest };
  }
  if (filter === undefined) throw bad(expectedCount === undefined ? 'ids' : 'filter');
  return { ids: await filteredIds(rc, request, filter, expectedCount), rest };
}
