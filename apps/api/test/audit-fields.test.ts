import type { EntityDef, FieldDef } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBody } from './engine/samples';
import { type Call, client, createEngineApp, writable } from './engine/setup';
import { login, multipart } from './helpers';

// Audit fields (the status, who decided, when, the remark) change only through the audit actions. Generated
// from the registry: every entity with audit fields gets its create, PUT and PATCH routes sent, as a supplier
// account and as root, with each audit field set to "passed" (or a decision's who / when / remark), and a fresh
// read finds none of them stored. A record sent back exactly as it was read is still accepted.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let supplier: string;
let ownCompany: Rec;
let seed = 1;

/** Fields of a definition that record an audit: named so, or a status with a "passed" state. */
const auditFieldsOf = (def: EntityDef): [string, FieldDef][] =>
  Object.entries(def.fields).filter(
    ([name, field]) =>
      /audit/i.test(name) || (field.kind === 'enum' && field.options.some((o) => o.value === 'passed')),
  );

const audited = writable.filter((def) => auditFieldsOf(def).length > 0);

/** What an approval would have written: passed, by someone, now, with a remark. */
function approval(def: EntityDef): Rec {
  const body: Rec = {};
  for (const [name, field] of auditFieldsOf(def)) {
    if (field.kind === 'enum') body[name] = 'passed';
    else if (field.kind === 'datetime') body[name] = '2026-01-02T03:04:05.000Z';
    else body[name] = 'admin';
  }
  return body;
}

async function ok(c: Call): Promise<Rec> {
  const res = await call(c);
  if (res.status !== 200) throw new Error(`${c.method} ${c.url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

const refCache = new Map<string, number>();
async function refs(entity: string, patch?: Rec): Promise<number> {
  const key = `${entity} ${JSON.stringify(patch ?? {})}`;
  if (!refCache.has(key)) {
    const def = writable.find((d) => d.name === entity)!;
    const body = { ...(await sampleBody(def, ++seed, refs, { given: patch })), ...patch };
    refCache.set(key, (await ok({ method: 'POST', url: `/api/${entity}`, body })).id);
  }
  return refCache.get(key)!;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(64, 1)]);

async function upload(token: string, video: boolean): Promise<string> {
  const form = await multipart({
    kind: video ? 'video' : 'image',
    file: video
      ? { filename: 'clip.mp4', type: 'video/mp4', data: MP4 }
      : { filename: 'pic.png', type: 'image/png', data: PNG },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oss/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-token': token },
  });
  return res.json().content as string;
}

/** The body with every file the caller's own upload (a supplier may only attach its own files). */
async function withOwnFiles(def: EntityDef, body: Rec, token: string): Promise<Rec> {
  const out = { ...body };
  for (const [name, field] of Object.entries(def.fields)) {
    if (out[name] === undefined || out[name] === null) continue;
    if (field.kind === 'image') out[name] = await upload(token, false);
    if (field.kind === 'video') out[name] = await upload(token, true);
    if (field.kind === 'images') out[name] = [await upload(token, false)];
    if (field.kind === 'attachments') out[name] = [{ name: 'pic.png', url: await upload(token, false) }];
  }
  return out;
}

/** A valid create body of the entity for the caller (a supplier's for its own company). */
async function validBody(def: EntityDef, token: string): Promise<Rec> {
  const scope = def.scope?.field;
  const given = token === supplier && scope && scope !== 'id' ? { [scope]: ownCompany.id } : {};
  const body = await sampleBody(def, ++seed, refs, { given });
  // a supplier leaves out what only the organiser sets
  if (token === supplier)
    for (const [name, field] of Object.entries(def.fields)) if (field.organiserOnly) delete body[name];
  return withOwnFiles(def, body, token);
}

/** A record of the entity the caller may edit, as GET returns it. */
async function ownRecord(def: EntityDef, token: string): Promise<Rec> {
  const id =
    def.scope?.field === 'id'
      ? ownCompany.id
      : (await ok({ method: 'POST', url: `/api/${def.name}`, body: await validBody(def, token), token })).id;
  return ok({ method: 'GET', url: `/api/${def.name}/${id}`, token });
}

const total = async (def: EntityDef) =>
  (await ok({ method: 'GET', url: `/api/${def.name}/list?size=1` })).total as number;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  const company = writable.find((d) => d.name === 'company')!;
  const body = await sampleBody(company, ++seed, refs);
  ownCompany = await ok({ method: 'POST', url: '/api/company', body });
  supplier = await login(t.app, ownCompany.account, body.password as string);
});
afterAll(() => t?.close());

describe('audit fields are set only by the audit actions', () => {
  it('are found on the audited entities', () => {
    expect(audited.map((d) => d.name)).toEqual(expect.arrayContaining(['company', 'product']));
  });

  for (const def of audited) {
    for (const who of ['supplier', 'root'] as const) {
      describe(`${def.name} as ${who}`, () => {
        const token = () => (who === 'supplier' ? supplier : t.token);

        it('refuses a create that sends any of them, naming it in both languages, and stores nothing', async () => {
          const before = await total(def);
          const body = await validBody(def, token());
          for (const [name, value] of Object.entries(approval(def))) {
            for (const lang of ['en', 'zh'] as const) {
              const res = await call({
                method: 'POST',
                url: `/api/${def.name}`,
                body: { ...body, [name]: value },
                token: token(),
                lang,
              });
              if (who === 'supplier' && def.scope?.field === 'id') expect(res.status).toBe(403);
              else {
                expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
                expect(res.body.content.errors.map((e: { path: string }) => e.path)).toEqual([name]);
                expect(res.body.content.errors[0].message).toMatch(
                  lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[ -~]+$/,
                );
              }
            }
          }
          expect(await total(def)).toBe(before);
        });

        // a supplier account cannot add companies (its create is the 403 above)
        if (who === 'root' || def.scope?.field !== 'id')
          it('creates the same body without them, to audit', async () => {
            const body = await validBody(def, token());
            const created = await call({ method: 'POST', url: `/api/${def.name}`, body, token: token() });
            expect(created.status, JSON.stringify(created.body)).toBe(200);
            const read = await ok({ method: 'GET', url: `/api/${def.name}/${created.body.content.id}` });
            for (const [name, field] of auditFieldsOf(def))
              expect(read[name], name).toBe(field.kind === 'enum' ? 'pending' : null);
          });

        for (const method of ['PUT', 'PATCH'] as const) {
          it(`refuses a ${method} that changes them and keeps the stored values; accepts them unchanged`, async () => {
            const record = await ownRecord(def, token());
            for (const [name, value] of Object.entries(approval(def))) {
              const res = await call({
                method,
                url: `/api/${def.name}/${record.id}`,
                body: { ...record, [name]: value },
                token: token(),
              });
              expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
              expect(res.body.content.errors.map((e: { path: string }) => e.path)).toEqual([name]);
            }
            const after = await ok({ method: 'GET', url: `/api/${def.name}/${record.id}` });
            expect(after).toEqual(record);
            const same = await call({
              method,
              url: `/api/${def.name}/${record.id}`,
              body: record,
              token: token(),
            });
            expect(same.status, JSON.stringify(same.body)).toBe(200);
            const back = await ok({ method: 'GET', url: `/api/${def.name}/${record.id}` });
            const { version: _v, updatedAt: _u, updatedBy: _b, ...rest } = record;
            expect(back).toMatchObject(rest);
          });
        }
      });
    }
  }
});
