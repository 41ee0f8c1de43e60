import { type EntityDef, entities } from '@organiser/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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
/** Entities with a table of their own (create, update, delete, import). */
export const writable: EntityDef[] = registered.filter((def) => !def.source);
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
