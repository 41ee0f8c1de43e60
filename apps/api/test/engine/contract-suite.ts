import {
  availableActions,
  defaultOf,
  type EntityDef,
  entityRoutes,
  type FieldState,
  fieldStateMap,
  isApplicable,
  isJoinField,
  isSecretField,
  kitMessage,
  type ListQuery,
  listFilters,
  parseListQuery,
  queryFields,
  recordSchema,
  resolveFields,
} from '@organiser/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entityTables } from '../../src/db/schema/entities';
import { okSchema } from '../../src/plugins/envelope';
import { tryLogin } from '../helpers';
import { inlineRefs } from '../openapi-document';
import { createAccountWithRole } from './roles';
import { changedValue, otherValue, sampleBody, wrongValue } from './samples';
import { type Call, client, createEngineApp, fitSample, registered, writable } from './setup';
import { exportFile, importFile, parseExport, sheetOf } from './transfer-helpers';

// The contract every registered entity keeps: CRUD with versions, validation in both languages, trash,
// status machines, batch, list grammar, export/import, history and revert, and permissions. Bodies come from
// the definitions, so a new entity is covered by registering it and adding its file under contract/
// (contract-files.test.ts fails while one is missing).

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let seed = 100;
const nextSeed = () => ++seed;

/** Creates a valid record of an entity through the API and returns it. */
async function create(
  def: EntityDef,
  options: { onlyRequired?: boolean; patch?: Record<string, unknown> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: a record of any entity; the assertions check its fields.
): Promise<{ body: Record<string, unknown>; record: Record<string, any> }> {
  // a parent holds only so many children of a capped entity: each record gets a parent of its own
  const cap: Record<string, unknown> = def.parent?.max
    ? { [def.parent.field]: (await create(getEntityDef(def.parent.entity))).record.id as number }
    : {};
  const patch: Record<string, unknown> = {
    ...cap,
    ...(await contractPatch(def)),
    ...options.patch,
  };
  const body: Record<string, unknown> = {
    ...(await sampleBody(def, nextSeed(), refs, { ...options, given: patch })),
    ...patch,
  };
  if (!def.capabilities.create) return stored(def, body);
  const res = await call({ method: 'POST', url: `/api/${def.name}`, body });
  if (res.status !== 200) throw new Error(`create ${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: a record of any entity; the assertions check its fields.
  return { body, record: res.body.content as Record<string, any> };
}

/** A record of an entity without a create route (written by its module only): stored as its module would
 * store it, then read back through the API. */
async function stored(def: EntityDef, body: Record<string, unknown>) {
  const table = entityTables[def.name];
  if (!table) throw new Error(`no table for ${def.name}`);
  const [row] = await t.db
    .insert(table)
    .values(body as never)
    .returning({ id: (table as unknown as { id: never }).id });
  const res = await call({ method: 'GET', url: `/api/${def.name}/${(row as { id: number }).id}` });
  if (res.status !== 200) throw new Error(`read ${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: a record of any entity; the assertions check its fields.
  return { body, record: res.body.content as Record<string, any> };
}

const refCache = new Map<string, number>();
/** A registered definition by name. */
/** An entity that lets a held record go once the caller confirms (`deleteHeld: 'confirm'`): the delete names the
 * holder, the confirmed one takes the record from it as a new version of the holder, in the holder's history. */
async function deleteConfirmed(
  def: EntityDef,
  holder: EntityDef,
  field: string,
  targetId: number,
  pointer: { id: number; version: number },
): Promise<void> {
  const url = `/api/${def.name}/${targetId}`;
  const asked = await call({ method: 'DELETE', url });
  expect(asked.body).toMatchObject({ code: 40926, content: { holders: [{ id: pointer.id }] } });
  expect(asked.body.message).toContain(holder.labels.plural.en);
  expect((await call({ method: 'DELETE', url: `${url}?confirm=true` })).body).toMatchObject({
    success: true,
  });
  const after = (await call({ method: 'GET', url: `/api/${holder.name}/${pointer.id}` })).body.content;
  expect(after[field]).not.toContain(targetId);
  expect(after.version).toBe(pointer.version + 1);
  const history = (await call({ method: 'GET', url: `/api/${holder.name}/${pointer.id}/history` })).body
    .content;
  expect(history[0]).toMatchObject({ version: after.version, changes: [{ field }] });
}

function getEntityDef(name: string): EntityDef {
  const def = registered.find((d) => d.name === name);
  if (!def) throw new Error(`unregistered entity ${name}`);
  return def;
}

async function refs(entity: string, patch?: Record<string, unknown>): Promise<number> {
  // A related record, created once: no batch call may remove it (a batch needs explicit ids or a counted
  // filter), so a record that disappears makes the calls that use it fail instead of being re-created.
  const key = patch ? `${entity} ${JSON.stringify(patch)}` : entity;
  const cached = refCache.get(key);
  if (cached) return cached;
  const def = registered.find((d) => d.name === entity);
  if (!def) throw new Error(`relation to unregistered entity ${entity}`);
  const { record } = await create(def, { patch });
  refCache.set(key, record.id);
  return record.id;
}

/** A searchable field that takes free text (Chinese included): the Chinese half of a pair first. */
function keywordField(def: EntityDef): string {
  const free = def.search.filter((name) => {
    const f = def.fields[name];
    return f?.kind !== 'text' || !f.pattern;
  });
  return (
    free.find(
      (name) =>
        def.fields[name]?.kind === 'text' &&
        (def.fields[name] as { pair?: { lang: string } }).pair?.lang === 'zh',
    ) ?? free[0]!
  );
}

async function tokenOf(account: string): Promise<string> {
  const res = await tryLogin(t.app, account, 'secret123');
  return res.json().content.token as string;
}

/** The refusal of a value a create or an update may not set: set only by actions, or not changeable. */
const fixedMessage = (s: FieldState) =>
  kitMessage(s.isActionOnly ? 'actionOnly' : 'readOnly', { label: s.field.label }).en;

/** The url of one of the entity's routes (where the definition moved it), or null when it leaves it out. */
const routeUrl = (def: EntityDef, key: 'list' | 'create' | 'delete' | 'batchDelete') =>
  entityRoutes(def).find((r) => r.key === key)?.path ?? null;

const list = (def: EntityDef, query: string, extra: Partial<Call> = {}) =>
  call({ method: 'GET', url: `${routeUrl(def, 'list')}${query ? `?${query}` : ''}`, ...extra });

/**
 * The contract of one registered entity (or view), run against an app of its own: one test file per entity
 * (contract/<entity>.test.ts), so Vitest runs the entities in parallel workers.
 */
/** Values a new record of the entity takes to fit beside the live ones (setup.ts `fitSample`). */
const contractPatch = (def: EntityDef): Promise<Record<string, unknown>> => fitSample(def, call);

export function describeEntityContract(def: EntityDef): void {
  describe(def.source ? `view ${def.name}` : `entity ${def.name}`, () => {
    beforeAll(async () => {
      t = await createEngineApp();
      call = client(t.app, t.token);
      // the related records of another file's database (workers run several files, sharing modules)
      refCache.clear();
    });
    afterAll(() => t?.close());

    if (def.source) viewContract(def);
    else if (def.capabilities.create && routeUrl(def, 'create') === null) seededContract(def);
    else entityContract(def);

    it('answers its list in the envelope with an exact total for a small table', async () => {
      const res = await list(def, '');
      const shape = okSchema(
        z.object({
          list: z.array(recordSchema(def)),
          total: z.number(),
          page: z.number(),
          size: z.number(),
          totalIsEstimate: z.boolean(),
        }),
      );
      expect(shape.safeParse(res.body).success).toBe(true);
    });
  });
}

function entityContract(def: EntityDef): void {
  const states = fieldStateMap(def);
  const editable = resolveFields(def).filter((s) => s.isEditable && !s.field.onlyWhen);
  const recordEnvelope = okSchema(recordSchema(def));
  // an entity its module alone writes (consults arrive from the marketplace): reads only, no write route
  const writes = def.capabilities.create;
  if (!writes) readOnlyContract(def);
  // an entity may leave the generated delete or its batch out (permissions are deleted one at a time)
  const deletes = writes && routeUrl(def, 'delete') !== null;
  const batchDeletes = writes && routeUrl(def, 'batchDelete') !== null;

  it.runIf(writes)(
    'creates, reads and updates a record; the version guards against stale writes',
    async () => {
      const { body, record } = await create(def);
      expect(
        recordEnvelope.safeParse({ success: true, code: 20000, message: 'success', content: record }).success,
      ).toBe(true);
      expect(record.version).toBe(1);
      for (const [k, v] of Object.entries(body)) {
        // Passwords and virtual fields are accepted, never returned.
        if (isSecretField(def.fields[k]!)) expect(record, k).not.toHaveProperty(k);
        else expect(record[k], k).toEqual(def.fields[k]?.kind === 'richText' ? expect.any(String) : v);
      }

      const read = await call({ method: 'GET', url: `/api/${def.name}/${record.id}` });
      expect(read.status).toBe(200);
      expect(read.body.content).toEqual(record);

      const target = editable.find((s) => !s.field.unique && s.field.kind !== 'relation') ?? editable[0]!;
      const value = await changedValue(def, target, record[target.name], refs);
      const updated = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: 1, [target.name]: value },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.content).toMatchObject({ version: 2, [target.name]: value });

      const stale = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: 1, [target.name]: value },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, code: 40901, content: null });
      const staleZh = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: 1, [target.name]: value },
        lang: 'zh',
      });
      expect(staleZh.body.message).toMatch(/[\u4e00-\u9fff]/);

      expect((await call({ method: 'GET', url: `/api/${def.name}/999999` })).status).toBe(404);
      expect((await call({ method: 'GET', url: `/api/${def.name}/abc` })).body).toMatchObject({
        code: 40001,
      });
    },
  );

  it('offers records as select options by keyword and by id', async () => {
    const { record } = await create(def);
    const byId = await call({ method: 'GET', url: `/api/${def.name}/options?ids=${record.id}&size=1` });
    expect(byId.body.content[0]).toEqual({
      id: record.id,
      label: expect.any(String),
      isDisabled: record.status === 'disabled',
    });
    expect(byId.body.content[0].label.length).toBeGreaterThan(0);
    if (def.search.length) {
      const token = `选项${nextSeed()}`;
      const { record: other } = await create(def, { patch: { [keywordField(def)]: token } });
      const found = await call({
        method: 'GET',
        url: `/api/${def.name}/options?keyword=${encodeURIComponent(token)}`,
      });
      expect(found.body.content.map((o: { id: number }) => o.id)).toEqual([other.id]);
    }
    expect((await call({ method: 'GET', url: `/api/${def.name}/options?ids=x` })).status).toBe(400);
  });

  it.runIf(writes)('names each missing required field, in English and in Chinese', async () => {
    const body = await sampleBody(def, nextSeed(), refs);
    // the fields of the body's own kind (a kind-dependent field of another kind is not asked for)
    const required = resolveFields(def).filter((s) => s.isRequired && isApplicable(s.field, body));
    for (const s of required) {
      const { [s.name]: _, ...rest } = body;
      // A field with a default takes it when left out: leaving it empty is what "missing" means there.
      const without = defaultOf(s.field) === undefined ? rest : { ...rest, [s.name]: null };
      for (const lang of ['en', 'zh'] as const) {
        const res = await call({ method: 'POST', url: `/api/${def.name}`, body: without, lang });
        expect(res.status, s.name).toBe(400);
        expect(res.body.code).toBe(40000);
        const error = res.body.content.errors.find((e: { path: string }) => e.path === s.name);
        expect(error, `${s.name} in ${lang}`).toBeDefined();
        expect(error.message).toContain(s.field.label[lang]);
      }
    }
  });

  it.runIf(writes)('refuses wrong types, computed fields and unknown fields by name', async () => {
    const body = await sampleBody(def, nextSeed(), refs);
    for (const s of resolveFields(def).filter((x) => x.isCreatable && isApplicable(x.field, body))) {
      const wrong = wrongValue(s.field);
      if (wrong === undefined) continue;
      const res = await call({ method: 'POST', url: `/api/${def.name}`, body: { ...body, [s.name]: wrong } });
      expect(res.status, s.name).toBe(400);
      expect(res.body.content.errors.map((e: { path: string }) => e.path)).toContain(s.name);
    }
    for (const s of resolveFields(def).filter((x) => x.field.computed || x.isActionOnly)) {
      const res = await call({ method: 'POST', url: `/api/${def.name}`, body: { ...body, [s.name]: 1 } });
      expect(res.body.content.errors).toContainEqual({ path: s.name, message: fixedMessage(s) });
    }
    const unknown = await call({
      method: 'POST',
      url: `/api/${def.name}`,
      body: { ...body, noSuchField: 1 },
    });
    expect(unknown.body.content.errors).toContainEqual({
      path: 'noSuchField',
      message: 'Unknown field: noSuchField',
    });
  });

  it.runIf(writes)('refuses a changed value of a field that cannot change on update', async () => {
    const { record } = await create(def);
    // Computed fields are ignored on update; status, read-only and action-only fields are accepted only
    // unchanged.
    const fixed = resolveFields(def).filter(
      (s) => !s.isHidden && !s.isEditable && (!s.field.computed || s.isActionOnly),
    );
    for (const s of fixed) {
      const res = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: record.version, [s.name]: otherValue(s.field, record[s.name]) },
      });
      expect(res.status, s.name).toBe(400);
      expect(res.body.content.errors).toContainEqual({ path: s.name, message: fixedMessage(s) });
    }
    // a body without a version (a client of the original system) is no refusal: nothing changed, nothing written
    const before = await call({ method: 'GET', url: `/api/${def.name}/${record.id}` });
    const noVersion = await call({ method: 'PUT', url: `/api/${def.name}/${record.id}`, body: {} });
    expect(noVersion.status, JSON.stringify(noVersion.body)).toBe(200);
    expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).body.content).toEqual(
      before.body.content,
    );
  });

  it.runIf(deletes)('deletes into the trash and restores, or deletes for good', async () => {
    const { record } = await create(def);
    const del = await call({ method: 'DELETE', url: `/api/${def.name}/${record.id}` });
    expect(del.body).toMatchObject({ success: true, content: true });
    expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).status).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/${def.name}/${record.id}` })).status).toBe(404);
    if (!def.softDelete) {
      expect((await call({ method: 'GET', url: `/api/${def.name}/trash` })).status).toBe(400);
      return;
    }
    const trash = await call({ method: 'GET', url: `/api/${def.name}/trash?size=50` });
    expect(trash.body.content.list.map((r: { id: number }) => r.id)).toContain(record.id);
    const live = await list(def, 'size=50');
    expect(live.body.content.list.map((r: { id: number }) => r.id)).not.toContain(record.id);

    const restored = await call({ method: 'POST', url: `/api/${def.name}/restore/${record.id}` });
    expect(restored.status).toBe(200);
    expect(restored.body.content.deletedAt).toBeNull();
    expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).status).toBe(200);

    expect((await call({ method: 'DELETE', url: `/api/${def.name}/purge/${record.id}` })).status).toBe(404);
    await call({ method: 'DELETE', url: `/api/${def.name}/${record.id}` });
    const purged = await call({ method: 'DELETE', url: `/api/${def.name}/purge/${record.id}` });
    expect(purged.body).toMatchObject({ success: true, content: true });
    expect((await call({ method: 'POST', url: `/api/${def.name}/restore/${record.id}` })).status).toBe(404);
  });

  it.runIf(deletes)('refuses to remove for good a record that others point at', async () => {
    for (const other of writable) {
      const field = Object.entries(other.fields).find(
        ([, f]) => (f.kind === 'relation' || f.kind === 'relationMany') && f.to === def.name && !f.computed,
      )?.[0];
      if (!field) continue;
      const pointing = other.fields[field]!;
      // a relation that needs a related record of a kind, or that belongs to one kind of record, gets them
      const where = pointing.kind === 'relation' ? pointing.where : undefined;
      const { record: target } = await create(def, {
        patch: where ? { [where.field]: where.in[0] } : undefined,
      });
      const value = pointing.kind === 'relationMany' ? [target.id] : target.id;
      const kind = pointing.onlyWhen ? { [pointing.onlyWhen.field]: pointing.onlyWhen.in[0] } : {};
      // a relation that must be a child of the target would point at it through another record: left empty
      const below = Object.fromEntries(
        Object.entries(other.fields)
          .filter(([, f]) => f.kind === 'relation' && f.under === field)
          .map(([n]) => [n, null]),
      );
      const { record: pointer } = await create(other, { patch: { ...kind, ...below, [field]: value } });
      const removeTarget = async () => {
        const del = await call({ method: 'DELETE', url: `/api/${def.name}/${target.id}` });
        if (!def.softDelete || del.status !== 200) return del;
        return call({ method: 'DELETE', url: `/api/${def.name}/purge/${target.id}` });
      };
      const refused = await removeTarget();
      expect(refused.status).toBe(409);
      if (def.deleteHeld === 'confirm' && isJoinField(pointing)) {
        await deleteConfirmed(def, other, field, target.id, { id: pointer.id, version: pointer.version });
        continue;
      }
      // inUse names what still points at the record
      expect(refused.body).toMatchObject({ code: 40904, content: null });
      expect(refused.body.message).toContain(other.labels.plural.en);
      await call({ method: 'DELETE', url: `/api/${other.name}/${pointer.id}` });
      if (other.softDelete) await call({ method: 'DELETE', url: `/api/${other.name}/purge/${pointer.id}` });
      if (def.softDelete) await call({ method: 'POST', url: `/api/${def.name}/restore/${target.id}` });
      expect((await removeTarget()).body).toMatchObject({ success: true });
    }
  });

  it.runIf(writes)('refuses a second record with the same unique value (409 naming the field)', async () => {
    const unique = resolveFields(def).filter((s) => s.field.unique && s.isCreatable);
    if (unique.length === 0) return;
    const { body } = await create(def);
    for (const lang of ['en', 'zh'] as const) {
      const again = await call({ method: 'POST', url: `/api/${def.name}`, body, lang });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 40903, content: null });
      expect(again.body.message).toContain(unique[0]!.field.label[lang]);
    }
  });

  it('filters by every declared filter', async () => {
    const { record } = await create(def);
    for (const f of listFilters(def)) {
      const v = record[f.name];
      if (v === null || v === undefined) continue;
      const value = Array.isArray(v) ? v[0] : v;
      const query =
        f.op === 'range'
          ? `${f.name}From=${encodeURIComponent(String(value).slice(0, f.kind === 'datetime' ? 30 : 10))}&${f.name}To=${encodeURIComponent(String(value))}`
          : `${f.name}=${encodeURIComponent(String(value))}`;
      const res = await list(def, `${query}&size=50&sort=id&order=desc`);
      expect(res.status, `${f.name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(
        res.body.content.list.map((r: { id: number }) => r.id),
        f.name,
      ).toContain(record.id);
      for (const r of res.body.content.list) {
        if (f.op === 'in' || f.op === 'eq')
          expect(Array.isArray(r[f.name]) ? r[f.name] : [r[f.name]]).toContain(value);
      }
      if (f.options && f.op === 'in') {
        const other = f.options.find((o) => o.value !== value);
        if (other) {
          const none = await list(def, `${f.name}=${other.value}&size=50`);
          expect(none.body.content.list.map((r: { id: number }) => r.id)).not.toContain(record.id);
        }
      }
    }
  });

  it('searches by keyword over the searchable fields, Chinese included', async () => {
    if (def.search.length === 0) {
      expect((await list(def, 'keyword=x')).body).toMatchObject({
        code: 40001,
        message: expect.stringContaining('keyword'),
      });
      return;
    }
    const field = keywordField(def);
    const token = `展会关键词${nextSeed()}`;
    const { record } = await create(def, { patch: { [field]: token } });
    const res = await list(def, `keyword=${encodeURIComponent(token.slice(2))}`);
    expect(res.body.content).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(res.body.content.list[0].id).toBe(record.id);
    const latin = await list(def, `keyword=${encodeURIComponent(`%_${token}`)}`);
    expect(latin.body.content.total).toBe(0);
  });

  it('sorts by each sortable field and pages without overlap', async () => {
    for (let i = 0; i < 12; i++) await create(def);
    const sortable = queryFields(def).filter((f) => f.sortable);
    for (const f of sortable) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await list(def, `sort=${f.name}&order=${order}&size=50`);
        expect(res.status, f.name).toBe(200);
        const values = res.body.content.list
          .map((r: Record<string, unknown>) => r[f.name])
          .filter((v: unknown) => v !== null);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${f.name} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    const pages = await Promise.all([1, 2, 3].map((page) => list(def, `page=${page}&size=10`)));
    const ids = pages.flatMap((p) => p.body.content.list.map((r: { id: number }) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    const total = pages[0]!.body.content.total;
    expect(ids.length).toBe(Math.min(total, 30));
    expect(pages[0]!.body.content).toMatchObject({ page: 1, size: 10, totalIsEstimate: false });
    const all = await list(def, 'size=50');
    expect(all.body.content.total).toBe(total);
  });

  it('names an unknown or malformed query parameter', async () => {
    for (const [query, name] of [
      ['colour=red', 'colour'],
      ['page=0', 'page'],
      ['size=abc', 'size'],
      ['sort=noSuchField', 'sort'],
      ['order=sideways', 'order'],
      ['page=100000', 'page'],
    ] as const) {
      const res = await list(def, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 40001, content: null });
      expect(res.body.message).toContain(name);
    }
    const zh = await list(def, 'colour=red', { lang: 'zh' });
    expect(zh.body.message).toBe('参数未知或格式错误：colour');
  });

  // An entity that imports through a module's own routes (user_manager) has no engine import route.
  const imports = def.capabilities.import;

  it.runIf(imports).each(['xlsx', 'csv'] as const)('exports then imports back (%s)', async (format) => {
    const { record } = await create(def);
    // the export of a list found by the record's own text (an entity seeded with hundreds of rows, as the
    // permissions are, would otherwise import them all back twice)
    const text = def.search.map((f) => record[f]).find((v) => typeof v === 'string' && v.length >= 3);
    const found = text ? `&keyword=${encodeURIComponent(String(text))}` : '';
    const file = await exportFile(t.app, t.token, def, `format=${format}&sort=id&order=desc${found}`, 'zh');
    expect(file.status).toBe(200);
    if (format === 'csv') expect(file.body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const sheet = await parseExport(file.body, format);
    expect(sheet[0]![0]).toBe('ID');
    expect(sheet.some((row) => Number(row[0]) === record.id)).toBe(true);

    const target =
      editable.find((s) => s.field.kind === 'text' && !s.field.unique && !s.field.pattern) ?? editable[0]!;
    const changed = await changedValue(def, target, record[target.name], refs);
    const edit = await call({
      method: 'PUT',
      url: `/api/${def.name}/${record.id}`,
      body: { version: record.version, [target.name]: changed },
    });
    expect(edit.status).toBe(200);

    const dry = await importFile(t.app, t.token, def, file.body, format, true);
    expect(dry.status).toBe(200);
    expect(dry.body.content).toMatchObject({ dryRun: true, invalid: 0 });
    expect(dry.body.content.rows).toContainEqual({
      row: expect.any(Number),
      id: record.id,
      action: 'update',
      errors: [],
    });
    expect(
      (await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).body.content[target.name],
    ).toEqual(changed);

    const done = await importFile(t.app, t.token, def, file.body, format, false);
    expect(done.body.content).toMatchObject({ dryRun: false, invalid: 0 });
    const back = await call({ method: 'GET', url: `/api/${def.name}/${record.id}` });
    expect(back.body.content[target.name]).toEqual(record[target.name]);
    const history = await call({ method: 'GET', url: `/api/${def.name}/${record.id}/history` });
    expect(history.body.content[0]).toMatchObject({ action: 'import', actorAccount: 'admin' });
  });

  it.runIf(imports)(
    'imports new records from a sheet with Chinese headers, reporting bad rows and writing nothing on a dry run',
    async () => {
      const good = { ...(await sampleBody(def, nextSeed(), refs)), ...(await contractPatch(def)) };
      const bad = { ...(await sampleBody(def, nextSeed(), refs)) };
      const firstRequired = resolveFields(def).find((s) => s.isRequired && !s.field.onlyWhen)!;
      bad[firstRequired.name] = null;
      const { csv } = await sheetOf(def, [good, bad], 'zh');
      const before = (await list(def, '')).body.content.total;
      const dry = await importFile(t.app, t.token, def, csv, 'csv', true, 'zh');
      expect(dry.body.content).toMatchObject({ total: 2, valid: 1, invalid: 1, created: 1 });
      const badRow = dry.body.content.rows.find((r: { errors: unknown[] }) => r.errors.length > 0);
      expect(badRow.errors[0]).toMatchObject({
        path: firstRequired.name,
        message: expect.stringContaining(firstRequired.field.label.zh),
      });
      expect((await list(def, '')).body.content.total).toBe(before);
      const done = await importFile(t.app, t.token, def, csv, 'csv', false);
      expect(done.body.content).toMatchObject({ valid: 1, invalid: 1 });
      expect((await list(def, '')).body.content.total).toBe(before + 1);
    },
  );

  it.runIf(writes)('keeps the history of a record and reverts to an earlier version', async () => {
    const { record } = await create(def);
    const target = editable.find((s) => !s.field.unique) ?? editable[0]!;
    const value = await changedValue(def, target, record[target.name], refs);
    const edit = await call({
      method: 'PUT',
      url: `/api/${def.name}/${record.id}`,
      body: { version: 1, [target.name]: value },
    });
    expect(edit.status).toBe(200);
    const history = await call({ method: 'GET', url: `/api/${def.name}/${record.id}/history` });
    expect(history.body.content.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history.body.content[0]).toMatchObject({
      version: 2,
      actorAccount: 'admin',
      changes: [{ field: target.name, old: record[target.name], new: value }],
    });
    const reverted = await call({ method: 'POST', url: `/api/${def.name}/${record.id}/revert/1` });
    expect(reverted.status).toBe(200);
    expect(reverted.body.content).toMatchObject({ version: 3, [target.name]: record[target.name] });
    const after = await call({ method: 'GET', url: `/api/${def.name}/${record.id}/history` });
    expect(after.body.content[0]).toMatchObject({ action: 'revert', version: 3 });
    expect((await call({ method: 'POST', url: `/api/${def.name}/${record.id}/revert/99` })).status).toBe(404);
  });

  const machines = Object.entries(def.actions);
  it.runIf(machines.length > 0)(
    'runs status actions, refuses disallowed transitions (409), batches by ids and by filter',
    async () => {
      for (const [action, a] of machines) {
        const { record } = await create(def);
        const current = record[a.field];
        if (!a.from.includes(current)) {
          const refused = await call({ method: 'POST', url: `/api/${def.name}/${action}/${record.id}` });
          expect(refused.status, action).toBe(409);
          expect(refused.body).toMatchObject({ code: 40902, content: null });
          continue;
        }
        const input = Object.fromEntries(Object.keys(a.input ?? {}).map((k) => [k, 'Reason 原因']));
        const done = await call({
          method: 'POST',
          url: `/api/${def.name}/${action}/${record.id}`,
          body: input,
        });
        expect(done.status, action).toBe(200);
        expect(done.body.content).toMatchObject({ [a.field]: a.to, version: record.version + 1 });
        expect(availableActions(def, done.body.content)).not.toContain(action);
        const again = await call({
          method: 'POST',
          url: `/api/${def.name}/${action}/${record.id}`,
          body: input,
        });
        expect(again.status).toBe(409);

        const a1 = (await create(def)).record;
        const a2 = (await create(def)).record;
        const byIds = await call({
          method: 'POST',
          url: `/api/${def.name}/batch/${action}`,
          body: { ids: [a1.id, a2.id, 999999], ...input },
        });
        expect(byIds.body.content).toMatchObject({ total: 3, skipped: [{ id: 999999, reason: 'notFound' }] });
        expect(byIds.body.content.succeeded.sort()).toEqual([a1.id, a2.id].sort());

        const reverse = machines.find(([, b]) => b.field === a.field && b.from.includes(a.to));
        if (reverse) {
          const [back, b] = reverse;
          const backInput = Object.fromEntries(Object.keys(b.input ?? {}).map((k) => [k, 'Reason 原因']));
          const matching = (await list(def, `${a.field}=${a.to}`)).body.content.total;
          const byFilter = await call({
            method: 'POST',
            url: `/api/${def.name}/batch/${back}`,
            body: { filter: { [a.field]: a.to }, expectedCount: matching, ...backInput },
          });
          expect(byFilter.status).toBe(200);
          expect(byFilter.body.content.succeeded).toEqual(expect.arrayContaining([a1.id, a2.id, record.id]));
          const left = await list(def, `${a.field}=${a.to}`);
          expect(left.body.content.total).toBe(0);
        }
      }
      const bad = await call({
        method: 'POST',
        url: `/api/${def.name}/batch/${machines[0]![0]}`,
        body: { filter: { colour: 'red' } },
      });
      expect(bad.body).toMatchObject({ code: 40001, message: expect.stringContaining('filter.colour') });
    },
  );

  it.runIf(batchDeletes)('deletes in bulk by ids and by filter', async () => {
    const r1 = (await create(def)).record;
    const r2 = (await create(def)).record;
    const res = await call({
      method: 'POST',
      url: `/api/${def.name}/batch/delete`,
      body: { ids: [r1.id, r2.id] },
    });
    expect(res.body.content).toMatchObject({ total: 2, skipped: [] });
    expect((await call({ method: 'GET', url: `/api/${def.name}/${r1.id}` })).status).toBe(404);
    if (def.search.length) {
      const token = `批量删除${nextSeed()}`;
      await create(def, { patch: { [keywordField(def)]: token } });
      const byFilter = await call({
        method: 'POST',
        url: `/api/${def.name}/batch/delete`,
        body: { filter: { keyword: token }, expectedCount: 1 },
      });
      expect(byFilter.body.content).toMatchObject({ total: 1, skipped: [] });
    }
  });

  it.runIf(writes)(
    'lets a role read only with the menu and write only with the resource (403 otherwise)',
    async () => {
      const { record } = await create(def);
      const suffix = `${def.name.replace(/_/g, '')}${nextSeed()}`;
      await createAccountWithRole(t.db, {
        account: `none${suffix}`,
        password: 'secret123',
        menus: [],
        resources: [],
      });
      await createAccountWithRole(t.db, {
        account: `reader${suffix}`,
        password: 'secret123',
        menus: [def.permission.menu],
        resources: [{ method: 'PUT', url: `/api/${def.name}/:id` }],
      });
      const none = await tokenOf(`none${suffix}`);
      const reader = await tokenOf(`reader${suffix}`);
      for (const token of [none]) {
        expect((await list(def, '', { token })).status).toBe(403);
        expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}`, token })).status).toBe(403);
        expect((await call({ method: 'GET', url: `/api/${def.name}/export`, token })).status).toBe(403);
      }
      expect((await list(def, '', { token: reader })).status).toBe(200);
      expect((await call({ method: 'GET', url: `/api/${def.name}/options`, token: none })).status).toBe(403);
      expect((await call({ method: 'GET', url: `/api/${def.name}/options`, token: reader })).status).toBe(
        200,
      );
      // Whoever edits a record pointing at this entity may pick from its options, and only that.
      for (const other of writable) {
        const pointsHere = Object.values(other.fields).some(
          (f) => (f.kind === 'relation' || f.kind === 'relationMany') && f.to === def.name,
        );
        // a record pointing at its own entity (a sub-material at its material): its editor reads the list anyway
        if (!pointsHere || other.name === def.name) continue;
        const account = `picker${suffix}${other.key}`;
        await createAccountWithRole(t.db, {
          account,
          password: 'secret123',
          menus: [other.permission.menu],
          resources: [],
        });
        const picker = await tokenOf(account);
        expect((await call({ method: 'GET', url: `/api/${def.name}/options`, token: picker })).status).toBe(
          200,
        );
        expect((await list(def, '', { token: picker })).status).toBe(403);
      }
      const body = await sampleBody(def, nextSeed(), refs);
      const denied = await call({ method: 'POST', url: `/api/${def.name}`, body, token: reader });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ code: 40300, content: null });
      if (deletes)
        expect(
          (await call({ method: 'DELETE', url: `/api/${def.name}/${record.id}`, token: reader })).status,
        ).toBe(403);
      const target = editable.find((s) => !s.field.unique) ?? editable[0]!;
      const allowed = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: {
          version: record.version,
          [target.name]: await changedValue(def, target, record[target.name], refs),
        },
        token: reader,
      });
      expect(allowed.status).toBe(200);
    },
  );

  it.runIf(writes)('never answers 500 to generated bad input on its write routes', async () => {
    const { record } = await create(def);
    const fieldNames = [...states.keys(), 'version', 'id', 'ids', 'filter', 'reason'];
    const writeRoutes: ['POST' | 'PUT', string][] = [
      ['POST', `/api/${def.name}`],
      ['PUT', `/api/${def.name}/${record.id}`],
      ...(deletes ? [['POST', `/api/${def.name}/batch/delete`] as ['POST', string]] : []),
      ...Object.keys(def.actions).flatMap((a): ['POST', string][] => [
        ['POST', `/api/${def.name}/${a}/${record.id}`],
        ['POST', `/api/${def.name}/batch/${a}`],
      ]),
    ];
    const bodies = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom(...fieldNames), fc.anything(), { maxKeys: 6 }),
      fc.dictionary(
        fc.constantFrom(...fieldNames),
        fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom(...writeRoutes), async (body, [method, url]) => {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'x-token': t.token, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? null),
        });
        expect(res.statusCode).toBeLessThan(500);
        const envelope = res.json();
        expect(typeof envelope.success).toBe('boolean');
        if (res.statusCode === 400 && envelope.code === 40000) {
          for (const e of envelope.content.errors) expect(typeof e.message).toBe('string');
        }
      }),
      { numRuns: 80 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
        async (query) => {
          const qs = new URLSearchParams(query).toString();
          const res = await list(def, qs);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.runIf(writes)('is described in the OpenAPI document', async () => {
    const doc = inlineRefs((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    const listPath = routeUrl(def, 'list')!;
    for (const path of [listPath, `/api/${def.name}/{id}`, `/api/${def.name}`, `/api/${def.name}/export`]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const params = doc.paths[listPath].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'size', 'keyword', 'sort', 'order']));
    expect(doc.paths[`/api/${def.name}`].post.requestBody).toBeDefined();
    const query: ListQuery | null = (() => {
      const p = parseListQuery(def, {});
      return p.ok ? p.query : null;
    })();
    expect(query?.page).toBe(1);
  });
}

// A view (company_audit over company) keeps a smaller contract: the base's records through its own menu, its
// filters, keyword and sorts, its status actions (recorded in the base record's history), export, and no
// writes of its own.
function viewContract(view: EntityDef): void {
  const base = writable.find((d) => d.name === view.source)!;
  const createBase = (patch: Record<string, unknown> = {}) => create(base, { patch });

  it('reads the base’s records with the fields it picks, and offers no writes of its own', async () => {
    const { record } = await createBase();
    const read = await call({ method: 'GET', url: `/api/${view.name}/${record.id}` });
    expect(read.status).toBe(200);
    expect(
      okSchema(recordSchema(view)).safeParse({
        success: true,
        code: 20000,
        message: '',
        content: read.body.content,
      }).success,
    ).toBe(true);
    for (const name of Object.keys(view.fields)) expect(read.body.content[name], name).toEqual(record[name]);
    const listed = await list(view, `sort=id&order=desc&size=5`);
    expect(listed.body.content.list[0].id).toBe(record.id);
    for (const [method, url] of [
      ['POST', `/api/${view.name}`],
      ['PUT', `/api/${view.name}/${record.id}`],
      ['DELETE', `/api/${view.name}/${record.id}`],
      ['POST', `/api/${view.name}/import`],
      ['POST', `/api/${view.name}/batch/delete`],
    ] as const) {
      expect((await call({ method, url, body: { version: 1 } })).status, `${method} ${url}`).toBe(404);
    }
  });

  it('filters, searches and sorts like any list', async () => {
    const { record } = await createBase();
    for (const f of listFilters(view)) {
      const v = record[f.name];
      if (v === null || v === undefined || f.op === 'range') continue;
      const value = Array.isArray(v) ? v[0] : v;
      const res = await list(
        view,
        `${f.name}=${encodeURIComponent(String(value))}&size=50&sort=id&order=desc`,
      );
      expect(res.status, f.name).toBe(200);
      expect(
        res.body.content.list.map((r: { id: number }) => r.id),
        f.name,
      ).toContain(record.id);
    }
    if (view.search.length) {
      const token = `视图关键词${nextSeed()}`;
      const { record: found } = await createBase({ [keywordField(base)]: token });
      const res = await list(view, `keyword=${encodeURIComponent(token)}`);
      expect(res.body.content.list.map((r: { id: number }) => r.id)).toEqual([found.id]);
    }
    for (const f of queryFields(view).filter((q) => q.sortable)) {
      expect((await list(view, `sort=${f.name}&order=desc`)).status, f.name).toBe(200);
    }
  });

  const machines = Object.entries(view.actions);
  it.runIf(machines.length > 0)(
    'runs its status actions (recorded in the base record’s history) and batches them by ids and by filter',
    async () => {
      for (const [action, a] of machines) {
        const { record } = await createBase();
        const input = Object.fromEntries(Object.keys(a.input ?? {}).map((k) => [k, 'Reason 原因']));
        if (!a.from.includes(record[a.field])) {
          const refused = await call({
            method: 'POST',
            url: `/api/${view.name}/${action}/${record.id}`,
            body: input,
          });
          expect(refused.status, action).toBe(409);
          continue;
        }
        const done = await call({
          method: 'POST',
          url: `/api/${view.name}/${action}/${record.id}`,
          body: input,
        });
        expect(done.status, action).toBe(200);
        expect(done.body.content).toMatchObject({ [a.field]: a.to, version: record.version + 1 });
        const history = await call({ method: 'GET', url: `/api/${base.name}/${record.id}/history` });
        expect(history.body.content[0]).toMatchObject({ action, actorAccount: 'admin' });
        const viewHistory = await call({ method: 'GET', url: `/api/${view.name}/${record.id}/history` });
        expect(viewHistory.body.content).toEqual(history.body.content);

        const a1 = (await createBase()).record;
        const byIds = await call({
          method: 'POST',
          url: `/api/${view.name}/batch/${action}`,
          body: { ids: [a1.id, 999999], ...input },
        });
        expect(byIds.body.content).toMatchObject({
          total: 2,
          succeeded: [a1.id],
          skipped: [{ id: 999999, reason: 'notFound' }],
        });
        const reverse = machines.find(([, b]) => b.field === a.field && b.from.includes(a.to));
        if (reverse) {
          const [back, b] = reverse;
          const backInput = Object.fromEntries(Object.keys(b.input ?? {}).map((k) => [k, 'Reason 原因']));
          const matching = (await list(view, `${a.field}=${a.to}`)).body.content.total;
          const byFilter = await call({
            method: 'POST',
            url: `/api/${view.name}/batch/${back}`,
            body: { filter: { [a.field]: a.to }, expectedCount: matching, ...backInput },
          });
          expect(byFilter.body.content.succeeded).toEqual(expect.arrayContaining([a1.id, record.id]));
          expect((await list(view, `${a.field}=${a.to}`)).body.content.total).toBe(0);
        }
      }
    },
  );

  it('exports its records', async () => {
    const { record } = await createBase();
    const file = await exportFile(t.app, t.token, view, 'format=csv&sort=id&order=desc', 'zh');
    expect(file.status).toBe(200);
    const sheet = await parseExport(file.body, 'csv');
    expect(sheet.some((row) => Number(row[0]) === record.id)).toBe(true);
  });

  it('reads behind its own menu and acts behind each action’s resource (403 otherwise)', async () => {
    const { record } = await createBase();
    const suffix = `${view.name.replace(/_/g, '')}${nextSeed()}`;
    const [action, a] = machines[0] ?? [];
    await createAccountWithRole(t.db, {
      account: `base${suffix}`,
      password: 'secret123',
      menus: [base.permission.menu],
      resources: [],
    });
    await createAccountWithRole(t.db, {
      account: `viewer${suffix}`,
      password: 'secret123',
      menus: [view.permission.menu],
      resources: [],
    });
    const baseOnly = await tokenOf(`base${suffix}`);
    const viewer = await tokenOf(`viewer${suffix}`);
    expect((await list(view, '', { token: baseOnly })).status).toBe(403);
    expect(
      (await call({ method: 'GET', url: `/api/${view.name}/${record.id}`, token: baseOnly })).status,
    ).toBe(403);
    expect((await list(view, '', { token: viewer })).status).toBe(200);
    if (action && a) {
      const input = Object.fromEntries(Object.keys(a.input ?? {}).map((k) => [k, 'Reason 原因']));
      const denied = await call({
        method: 'POST',
        url: `/api/${view.name}/${action}/${record.id}`,
        body: input,
        token: viewer,
      });
      expect(denied.status).toBe(403);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = inlineRefs((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    expect(doc.paths[`/api/${view.name}/list`]).toBeDefined();
    expect(doc.paths[`/api/${view.name}/{id}`]).toBeDefined();
    expect(doc.paths[`/api/${view.name}`]).toBeUndefined();
    for (const action of Object.keys(view.actions))
      expect(doc.paths[`/api/${view.name}/${action}/{id}`]).toBeDefined();
  });
}

// An entity written only by its module (`capabilities.readOnly`): its records are read, filtered, searched,
// sorted and exported like any other behind its menu; no create, update, delete or import route exists.
function readOnlyContract(def: EntityDef): void {
  it('reads behind its menu and offers no write route', async () => {
    const { record } = await create(def);
    const suffix = `${def.name.replace(/_/g, '')}${nextSeed()}`;
    await createAccountWithRole(t.db, {
      account: `none${suffix}`,
      password: 'secret123',
      menus: [],
      resources: [],
    });
    const none = await tokenOf(`none${suffix}`);
    expect((await list(def, '', { token: none })).status).toBe(403);
    expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}`, token: none })).status).toBe(
      403,
    );
    expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).status).toBe(200);
    const body = await sampleBody(def, nextSeed(), refs);
    expect((await call({ method: 'POST', url: `/api/${def.name}`, body })).status).toBe(404);
    const put = {
      method: 'PUT',
      url: `/api/${def.name}/${record.id}`,
      body: { version: record.version },
    } as const;
    expect((await call(put)).status).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/${def.name}/${record.id}` })).status).toBe(404);
    const doc = inlineRefs((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    expect(doc.paths[`/api/${def.name}/list`]).toBeDefined();
    expect(doc.paths[`/api/${def.name}`]?.post).toBeUndefined();
  });
}

/** An entity whose records are reference data (seeded, edited, never added or removed through the API: the point
 * rules): its seeded records read behind the menu, update with the version check, and no create or delete route. */
function seededContract(def: EntityDef): void {
  it('reads its seeded records behind its menu, edits them with the version check, offers no create or delete', async () => {
    const first = (await list(def, '')).body.content.list[0];
    expect(first, `${def.name} has seeded records`).toBeDefined();
    const suffix = `${def.name.replace(/_/g, '')}${nextSeed()}`;
    await createAccountWithRole(t.db, {
      account: `none${suffix}`,
      password: 'secret123',
      menus: [],
      resources: [],
    });
    const none = await tokenOf(`none${suffix}`);
    expect((await list(def, '', { token: none })).status).toBe(403);
    expect((await call({ method: 'GET', url: `/api/${def.name}/${first.id}` })).status).toBe(200);
    const editable = resolveFields(def).filter((s) => s.isEditable && !s.field.onlyWhen && !s.field.unique);
    const target = editable[0]!;
    const value = await changedValue(def, target, first[target.name], refs);
    const updated = await call({
      method: 'PUT',
      url: `/api/${def.name}/${first.id}`,
      body: { version: first.version, [target.name]: value },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.content).toMatchObject({ version: first.version + 1, [target.name]: value });
    const stale = await call({
      method: 'PUT',
      url: `/api/${def.name}/${first.id}`,
      body: { version: first.version, [target.name]: value },
    });
    expect(stale.status).toBe(409);
    const body = await sampleBody(def, nextSeed(), refs);
    expect((await call({ method: 'POST', url: `/api/${def.name}`, body })).status).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/${def.name}/${first.id}` })).status).toBe(404);
    const history = await call({ method: 'GET', url: `/api/${def.name}/${first.id}/history` });
    expect(history.status).toBe(200);
  });
}
