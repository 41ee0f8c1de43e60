import { type EntityDef, entities, entityRoutes } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client';
import { deriveTables } from '../../src/db/entity-tables';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes/routes';
import type { AppModule, Extensions } from '../../src/extensions';
import { createTestApp, login, type TestApp, type TestAppOverrides } from '../helpers';

// Shared set-up of the engine suites: a test app (the engine is one of its modules), a root token, and small request helpers that return the parsed envelope.

export async function createEngineApp(
  overrides: TestAppOverrides = {},
): Promise<TestApp & { token: string }> {
  const t = await createTestApp(overrides);
  return { ...t, token: await login(t.app) };
}

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  lang?: 'en' | 'zh';
  token?: string;
};

export type Reply = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: response content of any route; the assertions check it.
  body: { success: boolean; code: number; message: string; content: any };
};

export function client(app: FastifyInstance, defaultToken: string) {
  return async (call: Call): Promise<Reply & { raw: LightMyRequestResponse }> => {
    const res = await app.inject({
      method: call.method,
      url: call.url,
      headers: {
        'x-token': call.token ?? defaultToken,
        'accept-language': call.lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9',
      },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
    let body: Reply['body'];
    try {
      body = res.json();
    } catch {
      body = { success: false, code: 0, message: res.body.slice(0, 200), content: null };
    }
    return { status: res.statusCode, body, raw: res };
  };
}

export const registered: EntityDef[] = Object.values(entities);

/** Where one of an entity's routes is served, or null when the definition leaves it out: a definition may move a
 * route (the permission's paged list is /api/permission/page, beside the product's own /permission/list). */
export function routePath(name: string, key: string): string | null {
  const def = entities[name];
  if (!def) throw new Error(`unregistered entity ${name}`);
  return entityRoutes(def).find((r) => r.key === key)?.path ?? null;
}

/** Where an entity's paged list is served. */
export const listUrl = (name: string): string => routePath(name, 'list')!;
/** Entities with a table of their own that the console writes (create, update, delete, import); an entity its
 * module alone writes (a consult) runs the read-only contract instead, and one whose records are seeded reference
 * data without a create route (the point rules) a contract of its own. */
export const writable: EntityDef[] = registered.filter(
  (def) => !def.source && def.capabilities.create && routePath(def.name, 'create') !== null,
);

/**
 * Values a new sample record of an entity takes so that it fits beside the live records, where a module checks
 * records against each other: a membership level's range starts right above the highest live level (ranges may
 * neither overlap nor leave a gap). The generic suites merge it into the bodies they create records with.
 */
const FITS: Record<string, (call: ReturnType<typeof client>) => Promise<Record<string, unknown>>> = {
  user_vip_package: async (call) => {
    const res = await call({
      method: 'GET',
      url: '/api/user_vip_package/list?sort=maxPoint&order=desc&size=1',
    });
    const top = res.body.content?.list?.[0]?.maxPoint as number | undefined;
    const minPoint = top === undefined ? 0 : top + 1;
    return { minPoint, maxPoint: minPoint + 9 };
  },
};

export const fitSample = async (
  def: EntityDef,
  call: ReturnType<typeof client>,
): Promise<Record<string, unknown>> => (FITS[def.name] ? FITS[def.name]!(call) : {});
/** Views over another entity's records (reads and their status actions only). */
export const views: EntityDef[] = registered.filter((def) => def.source);

/** A client whose calls must succeed: answers the content, throws with the refusal otherwise. */
export function okClient(call: ReturnType<typeof client>) {
  // biome-ignore lint/suspicious/noExplicitAny: response content of any route; the assertions check it.
  return async (c: Call): Promise<any> => {
    const res = await call(c);
    if (res.status !== 200)
      throw new Error(`${c.method} ${c.url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.content;
  };
}

/** A valid company body (its required fields), unique by `n`. */
export const companyBody = (
  n: number | string,
  patch: Record<string, unknown> = {},
): Record<string, unknown> => ({
  name: `Test Works ${n} Co., Ltd.`,
  logo: `demo/logo-${n}.png`,
  backgroundImg: `demo/bg-${n}.png`,
  account: `works${n}x`,
  telphone: '0512-62345678',
  introduce: 'Pumps.',
  email: `works${n}@example.com`,
  countryCode: 'CN',
  belongAddress: 'No. 8 Renmin Road',
  ...patch,
});

/** Creates the table of a test-only entity, as its definition derives it (its migration, in a test). */
export async function createProbeTable(db: Db, def: EntityDef): Promise<void> {
  const config = getTableConfig(deriveTables({ [def.name]: def })[def.name]!);
  const defaults: Record<string, string> = {
    version: 'not null default 1',
    created_at: 'not null default now()',
    updated_at: 'not null default now()',
  };
  const columns = config.columns.map((c) =>
    c.name === 'id'
      ? 'id integer generated by default as identity primary key'
      : `${c.name} ${c.getSQLType()} ${defaults[c.name] ?? ''}`,
  );
  await db.execute(sql.raw(`create table ${config.name} (${columns.join(', ')})`));
}

/** A test app that also serves test-only entities, their tables created from their definitions; `register`
 * adds what a module would register for them (hooks, command handlers, answer shapes) first. */
export async function createProbeApp(
  registry: Record<string, EntityDef>,
  register: (ext: Extensions) => void = () => {},
) {
  const probeModule: AppModule = {
    name: 'probe',
    register: (ext) => {
      register(ext);
      ext.routes(async (app) =>
        registerEntityRoutes(app, createEngine(app.config.deployment, registry), ext),
      );
    },
  };
  const s = await createEngineApp({ extraModules: [probeModule] });
  for (const def of Object.values(registry)) await createProbeTable(s.db, def);
  const call = client(s.app, s.token);
  return { ...s, call, ok: okClient(call) };
}
