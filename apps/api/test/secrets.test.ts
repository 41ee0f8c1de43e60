import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLog } from '../src/db/schema';
import { registerModules } from '../src/extensions';
import { modules } from '../src/modules';
import { redact, redactString, redactUrl } from '../src/plugins/redact';
import { createTestApp, login, multipart, openApiSchema, type TestApp, tryLogin } from './helpers';
import { inlineRefs } from './openapi-document';

// Every route that takes a secret (a body or query field named password, token, checkCode, smsCode … found in
// the OpenAPI document), sent in every content type and in the query string: no secret may appear in the
// system log table nor in the server's own log output, whatever the server answered.

const SECRET_NAME = /password|token|checkCode|smsCode|secret/i;

type Operation = { method: string; path: string; fields: string[]; secretFields: string[] };

let t: TestApp;
let token: string;
const logLines: string[] = [];
let serial = 0;
const secrets: string[] = [];

/** A fresh secret value, remembered for the final search. */
function secret(): string {
  const value = `Zx${++serial}Sec${Math.random().toString(36).slice(2, 8)}Qv`;
  secrets.push(value);
  return value;
}

function propertiesDeep(doc: unknown, schema: unknown, out: Set<string>, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 8) return;
  const s = openApiSchema(doc, schema) as Record<string, unknown>;
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, child] of Object.entries(s.properties as Record<string, unknown>)) {
      out.add(name);
      propertiesDeep(doc, child, out, depth + 1);
    }
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const part of (s[key] as unknown[] | undefined) ?? []) propertiesDeep(doc, part, out, depth + 1);
  }
  if (s.items) propertiesDeep(doc, s.items, out, depth + 1);
}

async function secretOperations(): Promise<Operation[]> {
  const doc = inlineRefs((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const names = new Set<string>();
      const content = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      for (const media of Object.values(content ?? {})) propertiesDeep(doc, media.schema, names);
      for (const p of (op.parameters as { name: string; in: string }[] | undefined) ?? []) {
        if (p.in === 'query') names.add(p.name);
      }
      const secretFields = [...names].filter((n) => SECRET_NAME.test(n));
      if (secretFields.length)
        out.push({ method: method.toUpperCase(), path, fields: [...names], secretFields });
    }
  }
  return out;
}

async function existingId(path: string): Promise<number> {
  const entity = path.split('/')[2] ?? '';
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${entity}/list?size=1`,
    headers: { 'x-token': token },
  });
  const first = res.statusCode === 200 ? res.json().content?.list?.[0]?.id : undefined;
  return typeof first === 'number' ? first : 1;
}

/** The body of one call: every secret field gets a fresh secret, the others a plain value. */
function bodyFor(op: Operation): Record<string, string> {
  return Object.fromEntries(
    op.fields.map((name) => [
      name,
      op.secretFields.includes(name) ? secret() : name === 'account' ? 'nobody' : 'x',
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  for (const seed of registerModules(modules).seeds.demo)
    await seed.run({ db: t.db, config: t.config, log: () => {}, demoScale: 0.05 });
  token = await login(t.app);
  secrets.push(token);
}, 120_000);
afterAll(() => t?.close());

describe('redaction helpers', () => {
  it('redacts secrets in raw JSON text, in JSON that became a form key, in URLs and in free text', () => {
    const json = '{"oldPassword":"a1","newPassword":"b2","nested":[{"smsCode":"c3"}],"keep":"k"}';
    expect(JSON.parse(redactString(json))).toEqual({
      oldPassword: '[redacted]',
      newPassword: '[redacted]',
      nested: [{ smsCode: '[redacted]' }],
      keep: 'k',
    });
    expect(redact({ [json]: '' })).toEqual({
      '{"oldPassword":"[redacted]","newPassword":"[redacted]","nested":[{"smsCode":"[redacted]"}],"keep":"k"}':
        '[redacted]',
    });
    expect(redactString('{"password":"p1","cut')).toBe('{"password":[redacted],"cut');
    expect(redactUrl('/api/x?page=1&password=p%201&token=t2&q=ok')).toBe(
      '/api/x?page=1&password=[redacted]&token=[redacted]&q=ok',
    );
    expect(redactUrl('/api/x?data=%7B%22password%22%3A%22p3%22%7D')).not.toContain('p3');
    // A long text is cut before it is searched (quickly: the search's cost is bounded).
    const started = Date.now();
    const long = redactString(`${'a'.repeat(500_000)}password=${'b'.repeat(10)}`);
    expect(Date.now() - started).toBeLessThan(200);
    expect(long.length).toBeLessThan(9000);
    expect(long).not.toContain('bbbbbbbbbb');
    expect(redactString('failed for password=hunter2 and token: abc')).toBe(
      'failed for password=[redacted] and token: [redacted]',
    );
  });
});

describe('secrets in logs', () => {
  it('finds the secret-bearing routes in the OpenAPI document', async () => {
    const ops = await secretOperations();
    const names = ops.map((o) => `${o.method} ${o.path}`);
    expect(names).toContain('POST /api/user/login');
    expect(names).toContain('POST /api/user/change_password');
    expect(names.some((n) => n.startsWith('POST /api/customer_service'))).toBe(true);
  });

  it('keeps every secret out of the system log and the server log, whatever the content type', async () => {
    const ops = await secretOperations();
    let calls = 0;
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, String(await existingId(op.path)));
      const send = async (headers: Record<string, string>, payload?: string | Buffer, query = '') => {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: `${url}${query}`,
          headers: { 'x-token': token, ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(res.statusCode, `${op.method} ${url}${query}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        calls++;
      };
      const query = `?${op.secretFields.map((n) => `${encodeURIComponent(n)}=${secret()}`).join('&')}`;
      if (op.method === 'GET') {
        await send({}, undefined, query);
        continue;
      }
      const json = 'application/json';
      await send({ 'content-type': json }, JSON.stringify(bodyFor(op)));
      await send({ 'content-type': json }, JSON.stringify({ wrapper: bodyFor(op), list: [bodyFor(op)] }));
      await send({ 'content-type': json }, JSON.stringify([bodyFor(op)]));
      await send({ 'content-type': json }, JSON.stringify({ ...bodyFor(op), extra: 'a\u0000b' }));
      await send({ 'content-type': 'text/plain' }, JSON.stringify(bodyFor(op)));
      await send({}, JSON.stringify(bodyFor(op)));
      const form = 'application/x-www-form-urlencoded';
      await send({ 'content-type': form }, new URLSearchParams(bodyFor(op)).toString());
      await send({ 'content-type': form }, JSON.stringify(bodyFor(op)));
      const parts = await multipart(bodyFor(op));
      await send(parts.headers, parts.payload);
      await send({ 'content-type': 'multipart/form-data' }, (await multipart(bodyFor(op))).payload);
      await send({ 'content-type': json }, JSON.stringify(bodyFor(op)), query);
    }
    // A successful login: its session token must not be logged either.
    const ok = await tryLogin(t.app, 'admin', 'admin123');
    expect(ok.statusCode).toBe(200);
    secrets.push(ok.json().content.token);
    expect(calls).toBeGreaterThan(30);

    await t.app.flushSystemLog();
    const rows = await t.db.select().from(systemLog);
    expect(rows.length).toBeGreaterThan(calls / 2);
    const stored = JSON.stringify(rows);
    const output = logLines.join('');
    expect(output).toContain('request completed');
    const leaks = secrets.flatMap((s) => [
      ...(stored.includes(s) ? [`system_log: ${s}`] : []),
      ...(output.includes(s) ? [`server log: ${s}`] : []),
    ]);
    expect(leaks).toEqual([]);
  }, 300_000);
});
