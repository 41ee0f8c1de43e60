import { defaultOf, type EntityDef, type FieldPolicy, fieldStateMap, resolveFields } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiSchema } from '../helpers';
import { otherValue, sampleBody } from './samples';
import { type Call, client, createEngineApp, fitSample, listUrl, writable as registered } from './setup';

// The field policy through the API: a deployment's field policy hides fields (neither shown nor accepted, and a hidden
// required field is not required), makes fields required, and makes fields read-only on update. One policy
// per registered entity with a table of its own, chosen from its definition (a view follows its base's policy).

type Plan = { hiddenRequired?: string; hiddenOptional?: string; required?: string; readOnly?: string };

function planFor(def: EntityDef): Plan {
  // kind fields and the fields of one kind are left to kind-fields.test.ts: a policy on them changes which
  // fields a record has
  const kinds = new Set(Object.values(def.fields).map((f) => f.onlyWhen?.field));
  const states = resolveFields(def).filter((s) => !s.field.onlyWhen && !kinds.has(s.name));
  const creatable = states.filter((s) => s.isCreatable);
  const hiddenRequired = creatable.find((s) => s.isRequired)?.name;
  const hiddenOptional = creatable.find((s) => !s.isRequired && s.name !== hiddenRequired)?.name;
  const hidden = new Set([hiddenRequired, hiddenOptional]);
  const required = creatable.find(
    // a field with a default is never missing; a kind-dependent one is required only for its kind
    (s) =>
      !s.isRequired &&
      !hidden.has(s.name) &&
      s.field.kind !== 'enum' &&
      // a tree's parent made required would leave the tree no root
      s.field.kind !== 'treeRelation' &&
      defaultOf(s.field) === undefined &&
      !s.field.onlyWhen,
  )?.name;
  const readOnly = states.find((s) => s.isEditable && !hidden.has(s.name) && s.name !== required)?.name;
  return { hiddenRequired, hiddenOptional, required, readOnly };
}

const plans = new Map(registered.map((def) => [def.name, planFor(def)]));
const policyOf = (plan: Plan): FieldPolicy => ({
  hidden: [plan.hiddenRequired, plan.hiddenOptional].filter((x): x is string => Boolean(x)),
  required: plan.required ? [plan.required] : [],
  readOnly: plan.readOnly ? [plan.readOnly] : [],
});
const fieldPolicy = Object.fromEntries([...plans].map(([name, plan]) => [name, policyOf(plan)]));

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let seed = 500;

beforeAll(async () => {
  t = await createEngineApp({ config: { fieldPolicy } });
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const refIds = new Map<string, number>();
async function refs(entity: string, patch?: Record<string, unknown>): Promise<number> {
  const key = patch ? `${entity} ${JSON.stringify(patch)}` : entity;
  const known = refIds.get(key);
  if (known) return known;
  const def = registered.find((d) => d.name === entity)!;
  const body = { ...(await sampleBody(def, ++seed, refs, { policy: fieldPolicy[entity] })), ...patch };
  const res = await call({ method: 'POST', url: `/api/${entity}`, body });
  refIds.set(key, res.body.content.id);
  return res.body.content.id;
}

describe.each(registered.map((def) => [def.name, def] as const))('field policy of %s', (_name, def) => {
  const plan = plans.get(def.name)!;
  const policy = fieldPolicy[def.name]!;
  const states = fieldStateMap(def, policy);
  // fitted beside the live records where a module checks records against each other (hidden fields left out)
  const body = async () => {
    const fit = Object.entries(await fitSample(def, call)).filter(([k]) => !policy.hidden.includes(k));
    return { ...(await sampleBody(def, ++seed, refs, { policy })), ...Object.fromEntries(fit) };
  };

  it('creates without hidden fields, even required ones, and never shows them', async () => {
    const res = await call({ method: 'POST', url: `/api/${def.name}`, body: await body() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const hidden of policy.hidden) expect(res.body.content).not.toHaveProperty(hidden);
    const listed = await call({ method: 'GET', url: listUrl(def.name) });
    for (const hidden of policy.hidden) expect(listed.body.content.list[0]).not.toHaveProperty(hidden);
  });

  it('refuses a hidden field in a body, a filter, a sort and an export', async () => {
    for (const hidden of policy.hidden) {
      const full = await sampleBody(def, ++seed, refs);
      for (const lang of ['en', 'zh'] as const) {
        const res = await call({
          method: 'POST',
          url: `/api/${def.name}`,
          body: { ...(await body()), [hidden]: full[hidden] },
          lang,
        });
        expect(res.status).toBe(400);
        const label = def.fields[hidden]!.label[lang];
        expect(res.body.content.errors).toContainEqual({
          path: hidden,
          message: lang === 'en' ? `${label} is not used on this site` : `本站点不使用${label}`,
        });
      }
      const field = def.fields[hidden]!;
      if (field.list?.filter) {
        const param = field.list.filter === 'range' ? `${hidden}From` : hidden;
        expect(
          (await call({ method: 'GET', url: `${listUrl(def.name)}?${param}=1` })).body.message,
        ).toContain(param);
      }
      if (field.list?.sortable) {
        expect((await call({ method: 'GET', url: `${listUrl(def.name)}?sort=${hidden}` })).status).toBe(400);
      }
      expect((await call({ method: 'GET', url: `/api/${def.name}/export?columns=${hidden}` })).status).toBe(
        400,
      );
      for (const [action, a] of Object.entries(def.actions)) {
        if (a.field === hidden)
          expect((await call({ method: 'POST', url: `/api/${def.name}/${action}/1` })).status).toBe(404);
      }
    }
  });

  it.runIf(Boolean(plan.required))('requires a field the policy makes required', async () => {
    const { [plan.required!]: _, ...without } = await body();
    const res = await call({ method: 'POST', url: `/api/${def.name}`, body: without, lang: 'zh' });
    expect(res.status).toBe(400);
    expect(res.body.content.errors.map((e: { path: string }) => e.path)).toContain(plan.required);
  });

  it.runIf(Boolean(plan.readOnly))(
    'accepts a read-only field on create, and on update only unchanged',
    async () => {
      const created = await call({ method: 'POST', url: `/api/${def.name}`, body: await body() });
      expect(created.status).toBe(200);
      const record = created.body.content;
      const name = plan.readOnly!;
      const same = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: record.version, [name]: record[name] },
      });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      const before = (await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).body.content;
      expect(before[name]).toEqual(record[name]);
      const res = await call({
        method: 'PUT',
        url: `/api/${def.name}/${record.id}`,
        body: { version: before.version, [name]: otherValue(states.get(name)!.field, record[name]) },
      });
      expect(res.status).toBe(400);
      expect(res.body.content.errors).toEqual([
        { path: name, message: `${states.get(name)!.field.label.en} cannot be changed` },
      ]);
      expect((await call({ method: 'GET', url: `/api/${def.name}/${record.id}` })).body.content).toEqual(
        before,
      );
    },
  );

  it('leaves hidden fields out of the OpenAPI bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schema = openApiSchema(
      doc,
      doc.paths[`/api/${def.name}`].post.requestBody.content['application/json'].schema,
    );
    for (const hidden of policy.hidden) expect(schema.properties).not.toHaveProperty(hidden);
  });
});
