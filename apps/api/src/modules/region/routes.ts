import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { region } from '../../db/schema';
import { ok, okSchema } from '../../plugins/envelope';

// `GET /region/list_all`: the countries, and China's provinces and cities, as one tree
// the company form's country / region pickers read. Reference data: read from the database once, kept in
// memory until the server restarts, and sent with an ETag so the console revalidates instead of downloading
// it again.

export type RegionNode = { code: string; name: { en: string; zh: string }; children?: RegionNode[] };

const name = z.object({ en: z.string(), zh: z.string() });
const cityNode = z.object({ code: z.string(), name });
const provinceNode = z.object({ code: z.string(), name, children: z.array(cityNode).optional() });
const countryNode = z.object({ code: z.string(), name, children: z.array(provinceNode).optional() });

/** The console may reuse its copy for an hour, then asks again with If-None-Match (answered 304). */
const CACHE_CONTROL = 'private, max-age=3600';

/** The tree, countries first in their sort order (China first, then by English name). */
export async function loadRegionTree(db: Db): Promise<RegionNode[]> {
  const rows = await db
    .select({
      code: region.code,
      parentCode: region.parentCode,
      nameEn: region.nameEn,
      nameZh: region.nameZh,
    })
    .from(region)
    .orderBy(asc(region.sortNo), asc(region.code));
  const nodes = new Map<string, RegionNode>();
  for (const row of rows) nodes.set(row.code, { code: row.code, name: { en: row.nameEn, zh: row.nameZh } });
  const roots: RegionNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.code)!;
    const parent = row.parentCode ? nodes.get(row.parentCode) : undefined;
    if (!row.parentCode) roots.push(node);
    else if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    }
  }
  return roots;
}

type Cached = { body: string; etag: string };

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export const regionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  // One copy per server; a failed or empty read is not kept, so the next request tries again.
  let pending: Promise<Cached> | null = null;
  const load = async (): Promise<Cached> => {
    const tree = await loadRegionTree(db);
    const body = JSON.stringify(ok(tree));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (tree.length === 0) pending = null;
    return { body, etag };
  };

  app.get(
    '/region/list_all',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['region'],
        operationId: 'region_list_all',
        summary: 'Countries, and the provinces and cities of China, as a tree',
        description:
          'Countries by ISO 3166-1 alpha-2 code (China first, then by English name); China has its ' +
          'province-level divisions and their cities (GB/T 2260 codes). Send If-None-Match with the ETag ' +
          'of an earlier answer to get 304 when nothing changed.',
        response: { 200: okSchema(z.array(countryNode)) },
      },
    },
    async (request, reply) => {
      pending ??= load().catch((error) => {
        pending = null;
        throw error;
      });
      const { body, etag } = await pending;
      reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
      // 304 is not a documented body (it has none), hence the plain reply type.
      if (matches(request, etag)) return (reply as FastifyReply).code(304).send();
      // Sent as the ready-made JSON text: the tree is serialised once, not on every request.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
