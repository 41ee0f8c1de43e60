import { describe, expect, it } from 'vitest';
import { companyTag } from '../entities';
import { t } from '../kit/bilingual';
import { defineEntity, defineEvent, defineReport } from '../kit/define-entity';
import { enableStatus } from '../kit/presets';
import { actionUrl, entityRoutes, entityUrl, fillPattern, resourcePermissions } from '.';

// The route table of the shapes no registered entity has yet (commands, an ordered child, events, reports);
// apps/api/test/engine/route-table.test.ts checks the registered entities against the running server.

const base = {
  labels: { singular: t('Thing', '事物'), plural: t('Things', '事物') },
  permission: { menu: '/x/x_list' },
  defaultSort: { field: 'createdAt' as const, order: 'desc' as const },
};
const keys = (def: Parameters<typeof entityRoutes>[0]) =>
  entityRoutes(def).map((r) => `${r.key} ${r.method} ${r.path}`);

describe('entityRoutes', () => {
  it('moves and leaves out generated routes where the product spells its own calls', () => {
    const thing = (routes: object) =>
      defineEntity({
        ...base,
        name: 'thing',
        fields: {
          title: { kind: 'text', label: t('T', 'T') },
          parentId: { kind: 'treeRelation', label: t('P', 'P'), labelField: 'title' },
        },
        labelField: 'title',
        routes,
      });
    const def = thing({
      paths: { tree: 'list', list: 'page', read: 'detail/:id' },
      omit: ['import', 'batchDelete'],
    });
    const out = keys(def);
    expect(out).toEqual(
      expect.arrayContaining([
        'tree GET /api/thing/list',
        'list GET /api/thing/page',
        'read GET /api/thing/detail/{id}',
      ]),
    );
    expect(out.some((k) => k.startsWith('import ') || k.startsWith('batchDelete '))).toBe(false);
    expect(resourcePermissions(def).map((p) => p.key)).not.toContain('import');
    expect(entityUrl(def, 'read', { id: 4 })).toBe('/api/thing/detail/4');
    expect(() => entityRoutes(thing({ omit: ['reorder'] }))).toThrow(/not one of its routes/);
    expect(() => entityRoutes(thing({ paths: { read: 'detail' } }))).toThrow(/keep its parameters/);
    expect(() => entityRoutes(thing({ paths: { tree: 'list' } }))).toThrow(
      /two routes answer GET \/api\/thing\/list/,
    );
    expect(() => thing({ paths: { list: '/api/x' } })).toThrow(/not a path/);
  });

  it('gives an entity with commands a route per target', () => {
    const def = defineEntity({
      ...base,
      name: 'thing',
      fields: { title: { kind: 'text', label: t('T', 'T') }, status: enableStatus() },
      labelField: 'title',
      commands: {
        resetPassword: { label: t('Reset password', '重置密码'), target: 'record' },
        sendMail: { label: t('Send mail', '发送邮件'), target: 'both' },
        tidy: { label: t('Tidy', '整理'), target: 'batch' },
        rebuild: { label: t('Rebuild', '重建'), target: 'entity' },
      },
    });
    expect(keys(def)).toEqual(
      expect.arrayContaining([
        'command:resetPassword POST /api/thing/resetPassword/{id}',
        'command:sendMail POST /api/thing/sendMail/{id}',
        'batchCommand:sendMail POST /api/thing/sendMail',
        'batchCommand:tidy POST /api/thing/tidy',
        'command:rebuild POST /api/thing/rebuild',
        'action:enable POST /api/thing/enable/{id}',
        'batchAction:enable POST /api/thing/batch/enable',
      ]),
    );
    expect(actionUrl(def, 'resetPassword', 5)).toBe('/api/thing/resetPassword/5');
    expect(actionUrl(def, 'sendMail')).toBe('/api/thing/sendMail');
    expect(actionUrl(def, 'rebuild')).toBe('/api/thing/rebuild');
    expect(actionUrl(def, 'enable')).toBe('/api/thing/batch/enable');
    expect(actionUrl(def, 'delete')).toBe('/api/thing/batch/delete');
    expect(() => actionUrl(def, 'tidy', 5)).toThrow('thing has no "command:tidy" route');
  });

  it('gives a system command no route, permission or placement, and refuses one that asks for them', () => {
    const make = (extra: Record<string, unknown> = {}) =>
      defineEntity({
        ...base,
        name: 'thing',
        fields: { title: { kind: 'text', label: t('T', 'T') } },
        labelField: 'title',
        commands: { expire: { label: t('Expire', '过期'), target: 'batch', system: true, ...extra } },
      });
    const def = make();
    expect(def.commands.expire!.placement).toEqual([]);
    expect(keys(def).filter((k) => k.includes('expire'))).toEqual([]);
    expect(() => actionUrl(def, 'expire')).toThrow();
    expect(() => make({ path: 'expire_now' })).toThrow(/system command/);
    expect(() => make({ placement: ['bulk'] })).toThrow(/system command/);
  });

  it("takes a command's path as the product's API spells it, and its permission's menu and name", () => {
    const def = defineEntity({
      ...base,
      name: 'thing',
      fields: { title: { kind: 'text', label: t('T', 'T') } },
      labelField: 'title',
      commands: {
        resetPassword: {
          label: t('Reset password', '重置密码'),
          target: 'record',
          path: 'reset_password',
          permission: { menu: '/x/staff_list', name: t('Reset a password', '重置一个密码') },
          answersResult: true,
          showResultOnce: true,
        },
      },
    });
    const [route] = entityRoutes(def).filter((r) => r.key === 'command:resetPassword');
    expect(route).toMatchObject({
      pattern: '/api/thing/reset_password/:id',
      access: { kind: 'resource', menu: '/x/staff_list', name: t('Reset a password', '重置一个密码') },
    });
    expect(actionUrl(def, 'resetPassword', 5)).toBe('/api/thing/reset_password/5');
    const bad = (command: Record<string, unknown>) => () =>
      defineEntity({
        ...base,
        name: 'thing',
        fields: { title: { kind: 'text', label: t('T', 'T') } },
        labelField: 'title',
        commands: { go: { label: t('Go', '去'), target: 'record', ...command } },
      });
    expect(bad({ path: 'Reset-Password' })).toThrow(/must be lower case/);
    expect(bad({ path: 'list' })).toThrow(/reserved/);
    expect(bad({ showResultOnce: true })).toThrow(/needs answersResult/);
  });

  it('gives a checked import its two steps at their own paths, each a resource permission', () => {
    const def = defineEntity({
      ...base,
      name: 'thing',
      fields: { title: { kind: 'text', label: t('T', 'T') } },
      labelField: 'title',
      capabilities: { import: false },
      checkedImport: {
        check: { path: 'upload', label: t('Check a file', '检查文件') },
        confirm: { path: 'import', label: t('Import things', '导入事物') },
        maxRows: 100,
      },
    });
    const steps = entityRoutes(def).filter((r) => r.key === 'importCheck' || r.key === 'importConfirm');
    expect(steps.map((r) => `${r.key} ${r.method} ${r.pattern} ${r.resource?.en}`)).toEqual([
      'importCheck POST /api/thing/upload Check a file',
      'importConfirm POST /api/thing/import Import things',
    ]);
    expect(() =>
      defineEntity({
        ...base,
        name: 'thing',
        fields: { title: { kind: 'text', label: t('T', 'T') } },
        labelField: 'title',
        checkedImport: {
          check: { path: 'same', label: t('A', 'A') },
          confirm: { path: 'same', label: t('B', 'B') },
          maxRows: 1,
        },
      }),
    ).toThrow(/two paths/);
  });

  it('gives an ordered child a reorder route', () => {
    const child = defineEntity({
      ...base,
      name: 'thing_part',
      fields: {
        title: { kind: 'text', label: t('T', 'T') },
        thingId: {
          kind: 'relation',
          label: t('Thing', '事物'),
          to: 'company_tag',
          labelField: 'name',
          required: true,
        },
        sortOrder: { kind: 'integer', label: t('Order', '顺序') },
      },
      labelField: 'title',
      parent: { entity: 'company_tag', field: 'thingId', order: 'sortOrder' },
    });
    expect(keys(child)).toContain('reorder POST /api/thing_part/reorder');
  });

  it('gives an event no edits, history or trash, and a report its list and export only', () => {
    const event = defineEvent({
      ...base,
      name: 'thing_event',
      fields: { title: { kind: 'text', label: t('T', 'T') } },
      labelField: 'title',
    });
    expect(entityRoutes(event).map((r) => r.key)).toEqual([
      'list',
      'options',
      'read',
      'create',
      'export',
      'import',
    ]);
    const report = defineReport({
      ...base,
      name: 'thing_report',
      fields: { title: { kind: 'text', label: t('T', 'T') }, n: { kind: 'integer', label: t('N', 'N') } },
      labelField: 'title',
    });
    expect(entityRoutes(report).map((r) => r.key)).toEqual(['list', 'export']);
  });
});

describe('URLs', () => {
  it('fills a pattern and refuses a missing parameter', () => {
    expect(entityUrl(companyTag, 'revert', { id: 3, version: 2 })).toBe('/api/company_tag/3/revert/2');
    expect(fillPattern('/api/x/:id', { id: 'a/b' })).toBe('/api/x/a%2Fb');
    expect(() => entityUrl(companyTag, 'update')).toThrow('no value for "id"');
  });

  it('lists the resource permissions of an entity, PATCH under PUT', () => {
    const grants = resourcePermissions(companyTag, ['update', 'patch', 'delete']);
    expect(grants.map((g) => `${g.method} ${g.url}`)).toEqual([
      'PUT /api/company_tag/:id',
      'DELETE /api/company_tag/:id',
    ]);
  });
});
