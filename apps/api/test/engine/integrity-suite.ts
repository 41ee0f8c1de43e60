import {
  actionList,
  checkRules,
  defaultOf,
  type EntityDef,
  entityRoutes,
  type FieldState,
  fieldStateMap,
  isApplicable,
  isJoinField,
  isSecretField,
  kitMessage,
  type MachineAction,
  resolveFields,
} from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiSchema } from '../helpers';
import { changedValue, otherValue, sampleBody, sampleValue } from './samples';
import { type Call, client, createEngineApp, fitSample, listUrl, registered, routePath } from './setup';

// Data integrity of every registered entity: a batch acts only on the records its body names (explicit ids, or
// a filter with the count the client saw), a record sent back as GET returned it is accepted and changes
// nothing, PATCH changes only what it names, and emptying a field on update is a clear refusal or its default.
// After every refused request a fresh read proves the data unchanged. The suites run from several files
// (integrity-*.test.ts), each over a share of the entities on a database of its own, so they run side by side.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let seed = 7000;
const nextSeed = () => ++seed;

// biome-ignore lint/suspicious/noExplicitAny: a record of any entity; the assertions check its fields.
type Rec = Record<string, any>;

const refCache = new Map<string, number>();
/** A related record, created once and never re-created: a record that disappears fails the calls using it. */
async function refs(entity: string, patch?: Record<string, unknown>): Promise<number> {
  const key = patch ? `${entity} ${JSON.stringify(patch)}` : entity;
  const cached = refCache.get(key);
  if (cached) return cached;
  const def = registered.find((d) => d.name === entity);
  if (!def) throw new Error(`relation to unregistered entity ${entity}`);
  const record = await create(def, patch);
  refCache.set(key, record.id);
  return record.id;
}

async function create(def: EntityDef, patch?: Record<string, unknown>): Promise<Rec> {
  // a parent holds only so many children of a capped entity: each record gets a parent of its own
  const parent = def.parent?.max ? registered.find((d) => d.name === def.parent!.entity) : undefined;
  const cap = parent ? { [def.parent!.field]: (await create(parent)).id } : {};
  const body = {
    ...(await sampleBody(def, nextSeed(), refs, { given: cap })),
    ...(await fitSample(def, call)),
    ...cap,
    ...patch,
  };
  const res = await call({ method: 'POST', url: `/api/${def.name}`, body });
  if (res.status !== 200) throw new Error(`create ${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

async function read(def: EntityDef, id: number): Promise<Rec> {
  const res = await call({ method: 'GET', url: `/api/${def.name}/${id}` });
  expect(res.status, `GET ${def.name}/${id}`).toBe(200);
  return res.body.content;
}

/** Every live record of an entity, read fresh, by id. */
async function snapshot(name: string): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await call({ method: 'GET', url: `${listUrl(name)}?page=${page}&size=50` });
    expect(res.status, `list ${name}`).toBe(200);
    out.push(...res.body.content.list);
    if (out.length >= res.body.content.total || res.body.content.list.length === 0) break;
  }
  return out.sort((a, b) => a.id - b.id);
}

const without = (record: Rec, keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));
const STAMPS = ['version', 'updatedAt'];

/** A record's declared fields and system columns, without what a module adds to its answers (a role's
 * `name: { en, zh }` pair follows its `nameEn` and `nameZh`). */
function fieldsOf(def: EntityDef, rec: Rec): Rec {
  const system = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt']);
  return Object.fromEntries(Object.entries(rec).filter(([k]) => k in def.fields || system.has(k)));
}

async function actionInput(def: EntityDef, action: MachineAction): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(action.input ?? {}))
    out[name] = await sampleValue(def, name, field, nextSeed(), refs);
  return out;
}

/** Starts the engine's app for the file's tests (each file its own database). */
function useEngineApp(): void {
  beforeAll(async () => {
    t = await createEngineApp();
    call = client(t.app, t.token);
    // the related records of another file's database (workers run several files, sharing modules)
    refCache.clear();
  });
  afterAll(() => t?.close());
}

type BadTarget = {
  name: string;
  /** The raw request body; undefined sends none. */
  payload?: string;
  contentType?: string;
  status: number[];
  /** The parameter the refusal names (object bodies). */
  names?: string;
  code?: number;
};

/** Every body that names no usable target. The counts come from the records as they are. */
function badTargets(input: Record<string, unknown>, live: number, someId: number): BadTarget[] {
  const json = (value: unknown) => JSON.stringify(value);
  const withInput = (value: Record<string, unknown>) => json({ ...value, ...input });
  return [
    { name: 'no body', status: [400] },
    { name: 'null', payload: 'null', status: [400] },
    { name: 'a bare number', payload: '1', status: [400] },
    { name: 'a huge number', payload: '1e400', status: [400] },
    { name: 'a string', payload: '"x"', status: [400] },
    { name: 'an array', payload: json([someId]), status: [400] },
    { name: 'an empty array', payload: '[]', status: [400] },
    { name: '{}', payload: withInput({}), status: [400], names: 'ids' },
    { name: 'ids: null', payload: withInput({ ids: null }), status: [400], names: 'ids' },
    { name: 'ids: a number', payload: withInput({ ids: someId }), status: [400], names: 'ids' },
    { name: 'ids: a huge id', payload: withInput({ ids: [2 ** 40] }), status: [400], names: 'ids' },
    { name: 'ids: text', payload: withInput({ ids: [String(someId)] }), status: [400], names: 'ids' },
    {
      name: 'ids and a filter',
      payload: withInput({ ids: [someId], filter: {}, expectedCount: live }),
      status: [400],
      names: 'filter',
    },
    {
      name: 'filter: {} without a count',
      payload: withInput({ filter: {} }),
      status: [400],
      names: 'expectedCount',
    },
    {
      name: 'filter: null',
      payload: withInput({ filter: null, expectedCount: live }),
      status: [400],
      names: 'filter',
    },
    {
      name: 'a count without a filter',
      payload: withInput({ expectedCount: live }),
      status: [400],
      names: 'filter',
    },
    {
      name: 'a filter with a wrong count',
      payload: withInput({ filter: {}, expectedCount: live + 1 }),
      status: [409],
      code: 40905,
    },
    {
      name: 'a filter with a count as text',
      payload: withInput({ filter: {}, expectedCount: String(live) }),
      status: [400],
      names: 'expectedCount',
    },
    {
      name: 'the right JSON as text/plain',
      payload: withInput({ ids: [someId] }),
      contentType: 'text/plain',
      status: [400, 415],
    },
    {
      name: 'the right JSON as multipart',
      payload: `--b\r\nContent-Disposition: form-data; name="ids"\r\n\r\n${someId}\r\n--b--\r\n`,
      contentType: 'multipart/form-data; boundary=b',
      status: [400, 415],
    },
  ];
}

/** The batch routes of the given entities refuse every body without a usable target. */
export function describeBatchIntegrity(defs: readonly EntityDef[]): void {
  useEngineApp();
  describe.each(
    defs
      // a permission has neither a batch delete (its own delete asks to confirm) nor status actions
      .filter(
        (def) =>
          def.source || (def.capabilities.create && entityRoutes(def).some((r) => r.key.startsWith('batch'))),
      )
      .map((def) => [def.name, def] as const),
  )('batch routes of %s', (_name, def) => {
    const base = def.source ? registered.find((d) => d.name === def.source)! : def;
    const actions = actionList(def);
    const routes: { name: string; action?: MachineAction }[] = [
      // an entity that spells its own delete (a permission asks to confirm) has no batch delete
      ...(def.source || !routePath(def.name, 'batchDelete') ? [] : [{ name: 'delete' }]),
      ...actions.map((a) => ({ name: a.name, action: a as MachineAction })),
    ];

    it('has batch routes to check', () => {
      expect(routes.length).toBeGreaterThan(0);
    });

    it.each(routes.map((r) => [r.name, r] as const))(
      'batch/%s refuses every body without a usable target and changes nothing',
      async (_route, route) => {
        // Records in every status the actions reach, so a batch that wrongly acted on all would change some.
        const created: Rec[] = [];
        for (let i = 0; i < actions.length + 2; i++) created.push(await create(base));
        for (const [i, a] of actions.entries()) {
          await call({
            method: 'POST',
            url: `/api/${def.name}/${a.name}/${created[i]!.id}`,
            body: await actionInput(def, a),
          });
        }
        const input = route.action ? await actionInput(def, route.action) : {};
        const before = await snapshot(base.name);
        const live = (await snapshot(def.name)).length;
        expect(before.length).toBeGreaterThanOrEqual(created.length);
        const url = `/api/${def.name}/batch/${route.name}`;
        for (const bad of badTargets(input, live, created[0]!.id)) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: {
              'x-token': t.token,
              ...(bad.payload === undefined ? {} : { 'content-type': bad.contentType ?? 'application/json' }),
            },
            ...(bad.payload === undefined ? {} : { payload: bad.payload }),
          });
          expect(bad.status, `${bad.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          const envelope = res.json();
          expect(envelope.success, bad.name).toBe(false);
          if (bad.names) expect(envelope.message, bad.name).toContain(bad.names);
          if (bad.code) expect(envelope.code, bad.name).toBe(bad.code);
          expect(await snapshot(base.name), `data after ${bad.name}`).toEqual(before);
        }

        const none = await call({ method: 'POST', url, body: { ids: [], ...input } });
        expect(none.status).toBe(200);
        expect(none.body.content).toEqual({ total: 0, succeeded: [], skipped: [] });
        expect(await snapshot(base.name), 'data after ids: []').toEqual(before);
      },
    );

    it('documents both batch targets in OpenAPI', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const route of routes) {
        const body =
          doc.paths[`/api/${def.name}/batch/${route.name}`].post.requestBody.content['application/json'];
        const targets = body.schema.anyOf.map((o: { required: string[] }) => o.required);
        expect(targets, route.name).toEqual([
          expect.arrayContaining(['ids']),
          expect.arrayContaining(['filter', 'expectedCount']),
        ]);
      }
    });

    it('answers the count changed in both languages', async () => {
      await create(base);
      const live = (await snapshot(def.name)).length;
      const route = routes[0]!;
      const input = route.action ? await actionInput(def, route.action) : {};
      for (const lang of ['en', 'zh'] as const) {
        const res = await call({
          method: 'POST',
          url: `/api/${def.name}/batch/${route.name}`,
          body: { filter: {}, expectedCount: live - 1, ...input },
          lang,
        });
        expect(res.status).toBe(409);
        expect(res.body.message).toContain(String(live - 1));
        expect(res.body.message).toContain(String(live));
        if (lang === 'zh') expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
      }
    });
  });
}

/** Editable fields whose value can change on its own: no relation (its label follows), no secret (never
 * returned), no exclusive flag (settling moves it), no inherited value (`effective` follows), no rich text. */
function plainEditable(def: EntityDef): FieldState[] {
  return resolveFields(def).filter(
    (s) =>
      s.isEditable &&
      !isSecretField(s.field) &&
      !s.field.inherit &&
      s.field.kind !== 'relation' &&
      s.field.kind !== 'relationMany' &&
      s.field.kind !== 'treeRelation' &&
      s.field.kind !== 'richText' &&
      // kind-dependent fields belong to the record only for their kind (kind-fields.test.ts)
      !s.field.onlyWhen &&
      !(s.field.kind === 'boolean' && s.field.exclusive),
  );
}

/** Updates of the given entities: what GET returned is accepted back, PATCH changes what it names, blanks are
 * refused or take the default. */
export function describeUpdateIntegrity(defs: readonly EntityDef[]): void {
  useEngineApp();
  describe.each(defs.map((def) => [def.name, def] as const))('updates of %s', (_name, def) => {
    const states = fieldStateMap(def);
    // fields set only by actions are accepted unchanged and refused changed, computed or not
    const fixed = resolveFields(def).filter(
      (s) => !s.isHidden && !s.isEditable && (!s.field.computed || s.isActionOnly),
    );
    const computed = resolveFields(def).filter(
      (s) => !s.isHidden && Boolean(s.field.computed) && !s.isActionOnly,
    );

    it('accepts back exactly what GET returned, changing nothing', async () => {
      const record = await create(def);
      const before = await read(def, record.id);
      const put = await call({ method: 'PUT', url: `/api/${def.name}/${record.id}`, body: before });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const after = await read(def, record.id);
      expect(without(after, STAMPS)).toEqual(without(before, STAMPS));
    });

    it('accepts back what GET returned with one field changed, and changes that field only', async () => {
      const record = await create(def);
      let changed = 0;
      // A kind field changes which fields the record has: not "one field changed" (kind-fields.test.ts).
      const kinds = new Set(Object.values(def.fields).map((f) => f.onlyWhen?.field));
      for (const s of plainEditable(def)) {
        const before = await read(def, record.id);
        // a field of another kind than the record's is not the record's to change
        if (kinds.has(s.name) || !isApplicable(s.field, before)) continue;
        const value = await changedValue(def, s, before[s.name], refs);
        if (value === undefined) continue;
        // A value the cross-field rules refuse together with the others is not this test's business.
        if (checkRules(def, { ...before, [s.name]: value }, states).length > 0) continue;
        const put = await call({
          method: 'PUT',
          url: `/api/${def.name}/${record.id}`,
          body: { ...before, [s.name]: value },
        });
        expect(put.status, `${s.name}: ${JSON.stringify(put.body)}`).toBe(200);
        const after = await read(def, record.id);
        expect(fieldsOf(def, without(after, STAMPS)), s.name).toEqual({
          ...fieldsOf(def, without(before, STAMPS)),
          [s.name]: value,
        });
        expect(after.version, s.name).toBe(before.version + 1);
        changed++;
      }
      expect(changed).toBeGreaterThan(0);
    });

    it('documents PATCH beside PUT in OpenAPI', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const path = doc.paths[`/api/${def.name}/{id}`];
      const body = (op: { requestBody: { content: Record<string, { schema: unknown }> } }) =>
        openApiSchema(doc, op.requestBody.content['application/json']!.schema);
      // the version is optional: clients of the original system never send one
      for (const op of [path.patch, path.put]) {
        expect(body(op).properties.version.type).toBe('integer');
        expect(body(op).required ?? []).not.toContain('version');
      }
    });

    it('changes only the fields a PATCH names', async () => {
      const record = await create(def);
      const before = await read(def, record.id);
      const s = plainEditable(def).find((x) => !x.field.unique) ?? plainEditable(def)[0]!;
      const value = await changedValue(def, s, before[s.name], refs);
      const patch = await call({
        method: 'PATCH',
        url: `/api/${def.name}/${record.id}`,
        body: { version: before.version, [s.name]: value },
      });
      expect(patch.status, JSON.stringify(patch.body)).toBe(200);
      const after = await read(def, record.id);
      expect(fieldsOf(def, without(after, STAMPS))).toEqual({
        ...fieldsOf(def, without(before, STAMPS)),
        [s.name]: value,
      });
      const stale = await call({
        method: 'PATCH',
        url: `/api/${def.name}/${record.id}`,
        body: { version: before.version, [s.name]: before[s.name] },
      });
      expect(stale.status).toBe(409);
      expect(await read(def, record.id)).toEqual(after);
      // without a version the write goes ahead, and its history entry says it was not checked
      const noVersion = await call({
        method: 'PATCH',
        url: `/api/${def.name}/${record.id}`,
        body: { [s.name]: before[s.name] },
      });
      expect(noVersion.status, JSON.stringify(noVersion.body)).toBe(200);
      const restored = await read(def, record.id);
      expect(without(restored, STAMPS)).toEqual(without(before, STAMPS));
      expect(restored.version).toBe(after.version + 1);
      if (def.capabilities.history) {
        const history = await call({ method: 'GET', url: `/api/${def.name}/${record.id}/history` });
        expect(history.body.content[0]).toMatchObject({
          version: restored.version,
          action: 'updateWithoutVersion',
        });
      }
    });

    it('refuses an unknown field, and changes nothing', async () => {
      const record = await create(def);
      const before = await read(def, record.id);
      for (const method of ['PUT', 'PATCH'] as const) {
        const res = await call({
          method,
          url: `/api/${def.name}/${record.id}`,
          body: { ...before, noSuchField: 1 },
        });
        expect(res.status).toBe(400);
        expect(res.body.content.errors).toEqual([
          { path: 'noSuchField', message: 'Unknown field: noSuchField' },
        ]);
        expect(await read(def, record.id)).toEqual(before);
      }
    });

    if (fixed.length > 0) {
      it.each(fixed.map((s) => [s.name, s] as const))(
        'refuses a changed %s (read-only or set only by actions) naming it, and changes nothing',
        async (_field, s) => {
          const record = await create(def);
          const before = await read(def, record.id);
          const res = await call({
            method: 'PUT',
            url: `/api/${def.name}/${record.id}`,
            body: { ...before, [s.name]: otherValue(s.field, before[s.name]) },
          });
          expect(res.status).toBe(400);
          expect(res.body.content.errors).toEqual([
            {
              path: s.name,
              message: kitMessage(s.isActionOnly ? 'actionOnly' : 'readOnly', { label: s.field.label }).en,
            },
          ]);
          expect(await read(def, record.id)).toEqual(before);
        },
      );
    }

    if (computed.length > 0) {
      it.each(computed.map((s) => [s.name, s] as const))(
        'ignores %s (computed by the server) on update',
        async (_field, s) => {
          const record = await create(def);
          const before = await read(def, record.id);
          const res = await call({
            method: 'PUT',
            url: `/api/${def.name}/${record.id}`,
            body: { ...before, [s.name]: otherValue(s.field, before[s.name]) },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(without(await read(def, record.id), STAMPS)).toEqual(without(before, STAMPS));
        },
      );
    }

    // three writes and reads per field: a company's sweep takes over 20 s on a busy 2-core machine
    it('takes null, "" and " " on update as a refusal naming a required field or the default of an optional one', {
      timeout: 120_000,
    }, async () => {
      const record = await create(def);
      // kind-dependent fields are required only for their kind (kind-fields.test.ts)
      const fields = resolveFields(def).filter((s) => s.isEditable && !s.field.onlyWhen);
      expect(fields.length).toBeGreaterThan(0);
      for (const s of fields) {
        for (const blank of [null, '', ' ']) {
          const label = `${s.name} = ${JSON.stringify(blank)}`;
          const before = await read(def, record.id);
          // a field of another kind than the record's is dropped whatever it is sent as
          if (!isApplicable(s.field, before)) continue;
          const res = await call({
            method: 'PUT',
            url: `/api/${def.name}/${record.id}`,
            body: { version: before.version, [s.name]: blank },
          });
          expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
          if (isSecretField(s.field)) {
            // An empty password means "unchanged"; a virtual field is never stored.
            expect(res.status, label).toBe(200);
            expect(without(await read(def, record.id), STAMPS), label).toEqual(without(before, STAMPS));
            continue;
          }
          // a relation kept in a join table reads as an empty list when it holds nothing
          const fallback = defaultOf(s.field) ?? (isJoinField(s.field) ? [] : null);
          const refusedByRule = checkRules(def, { ...before, [s.name]: fallback }, states).length > 0;
          if (s.isRequired || refusedByRule) {
            expect(res.status, label).toBe(400);
            const paths = res.body.content.errors.map((e: { path: string }) => e.path);
            if (s.isRequired) expect(paths, label).toContain(s.name);
            expect(await read(def, record.id), label).toEqual(before);
          } else {
            expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(200);
            const after = await read(def, record.id);
            if (s.field.kind === 'boolean' && s.field.exclusive)
              expect(typeof after[s.name], label).toBe('boolean');
            else expect(after[s.name], label).toEqual(fallback);
          }
        }
      }
    });
  });
}
