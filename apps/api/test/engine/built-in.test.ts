import { defineEntity, type EntityDef, enableStatus, t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProbeApp } from './setup';
import { exportFile, importFile } from './transfer-helpers';

// Built-in records (`builtIn`): the system relies on them, so every write path changes only their editable
// fields and none removes them: edit, PATCH, import rows, status actions and their batches, commands, delete
// and batch delete. Refusals are 409 naming the record and the fields, and change nothing. A test-only entity.

const probeRole = defineEntity({
  name: 'probe_role',
  labels: { singular: t('Probe role', '探针角色'), plural: t('Probe roles', '探针角色') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    code: { kind: 'text', label: t('Code', '编码'), required: true, maxLength: 30 },
    title: { kind: 'text', label: t('Title', '名称'), required: true, maxLength: 50 },
    system: { kind: 'boolean', label: t('Built in', '内置'), computed: true, default: false },
    status: enableStatus(),
  },
  builtIn: { when: { field: 'system', in: [true] }, editable: ['title'] },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'code',
  commands: { recode: { label: t('Recode', '改编码'), target: 'record' } },
}) as EntityDef;

let s: Awaited<ReturnType<typeof createProbeApp>>;
let builtIn: { id: number; version: number };

beforeAll(async () => {
  s = await createProbeApp({ probe_role: probeRole }, (ext) =>
    ext.command('probe_role', 'recode', async (_tx, _ctx, { row }) => ({ set: { code: `${row!.code}_x` } })),
  );
  const result = await s.db.execute(
    sql`insert into probe_role (code, title, system) values ('root', 'Root', true) returning id`,
  );
  builtIn = { id: (result as unknown as { rows: { id: number }[] }).rows[0]!.id, version: 1 };
});
afterAll(() => s?.close());

const read = (id: number) => s.ok({ method: 'GET', url: `/api/probe_role/${id}` });

describe('built-in records', () => {
  it('changes only the editable fields; the record sent back as read is no change', async () => {
    const stored = await read(builtIn.id);
    const { id: _id, version, createdAt, updatedAt, createdBy, updatedBy, ...fields } = stored;
    const same = await s.call({
      method: 'PUT',
      url: `/api/probe_role/${builtIn.id}`,
      body: { ...fields, version },
    });
    expect(same.status).toBe(200);
    const recoded = await s.call({
      method: 'PUT',
      url: `/api/probe_role/${builtIn.id}`,
      body: { ...fields, code: 'boss', version },
    });
    expect(recoded.status).toBe(409);
    expect(recoded.body.message).toBe('“root” is built in: its Code cannot be changed');
    const zh = await s.call({
      method: 'PATCH',
      url: `/api/probe_role/${builtIn.id}`,
      body: { code: 'boss', version },
      lang: 'zh',
    });
    expect(zh.body.message).toBe('“root”为内置记录，不能修改其编码');
    const renamed = await s.ok({
      method: 'PATCH',
      url: `/api/probe_role/${builtIn.id}`,
      body: { title: 'Super', version },
    });
    expect(renamed).toMatchObject({ code: 'root', title: 'Super', version: version + 1 });
  });

  it('refuses status actions, commands and deletes on it, alone or in a batch, changing nothing', async () => {
    const other = await s.ok({
      method: 'POST',
      url: '/api/probe_role',
      body: { code: 'clerk', title: 'Clerk' },
    });
    const before = await read(builtIn.id);
    expect((await s.call({ method: 'POST', url: `/api/probe_role/disable/${builtIn.id}` })).status).toBe(409);
    const batch = await s.ok({
      method: 'POST',
      url: '/api/probe_role/batch/disable',
      body: { ids: [builtIn.id, other.id] },
    });
    expect(batch).toMatchObject({
      succeeded: [other.id],
      skipped: [{ id: builtIn.id, reason: 'notAllowed' }],
    });
    const command = await s.call({ method: 'POST', url: `/api/probe_role/recode/${builtIn.id}` });
    expect(command.status).toBe(409);
    const removed = await s.call({ method: 'DELETE', url: `/api/probe_role/${builtIn.id}` });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('“root” is built in: it cannot be deleted');
    const both = await s.call({
      method: 'POST',
      url: '/api/probe_role/batch/delete',
      body: { ids: [other.id, builtIn.id] },
    });
    expect(both.status).toBe(409);
    expect(await read(builtIn.id)).toEqual(before);
    expect((await read(other.id)).code).toBe('clerk');
    expect((await s.ok({ method: 'POST', url: `/api/probe_role/recode/${other.id}` })).code).toBe('clerk_x');
  });

  it('refuses an import row that changes a field that is not editable, writing no row', async () => {
    const file = await exportFile(s.app, s.token, probeRole, 'format=csv&purpose=import');
    const text = file.body.toString('utf8');
    expect(text).toContain(`${builtIn.id},root,`);
    const changed = Buffer.from(text.replace(`${builtIn.id},root,`, `${builtIn.id},boss,`));
    const before = await read(builtIn.id);
    const done = await importFile(s.app, s.token, probeRole, changed, 'csv', false);
    expect(done.status).toBe(409);
    expect(await read(builtIn.id)).toEqual(before);
  });
});
