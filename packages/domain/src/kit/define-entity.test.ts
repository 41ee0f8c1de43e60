import { describe, expect, it } from 'vitest';
import { t } from './bilingual';
import { camelCase, columnOf, defineEntity, defineEvent, defineReport, snakeCase } from './define-entity';
import { isRemovableRecord } from './machine';
import { fieldStateMap } from './policy';
import { auditDecision, auditStatus, enableStatus } from './presets';
import { createSchema, updateTreatment } from './schemas';
import type { RecordOf } from './types';
import { validateCreate, validateUpdate } from './validate';

const base = {
  name: 'sample_thing',
  labels: { singular: t('Thing', '事物'), plural: t('Things', '事物') },
  permission: { menu: '/x/x_list' },
  defaultSort: { field: 'createdAt' as const, order: 'desc' as const },
};

describe('defineEntity', () => {
  it('keeps a relationMany field kept in a join table out of sorts, unique values and plain relations', () => {
    const name = { kind: 'text', label: t('Name', '名称') } as const;
    const through = { table: 'thing_tag', source: 'thing_id', target: 'tag_id' };
    const many = (extra: object) =>
      defineEntity({
        ...base,
        fields: {
          name,
          tagIds: {
            kind: 'relationMany',
            label: t('Tags', '标签'),
            to: 'tag',
            labelField: 'name',
            through,
            ...extra,
          },
        },
        labelField: 'name',
      });
    expect(many({}).fields.tagIds).toMatchObject({ through });
    expect(many({ list: { filter: 'in' } }).fields.tagIds?.list?.filter).toBe('in');
    expect(() => many({ list: { sortable: true } })).toThrow(/join table is neither unique nor sorted/);
    expect(() => many({ through: { ...through, table: 'thing_tag; drop table x' } })).toThrow(
      /plain lower-case SQL names/,
    );
    expect(() => many({ kind: 'relation' })).toThrow(/only a relationMany field/);
  });

  it('accepts sets of stored fields unique together, and refuses a set that cannot be', () => {
    const fields = {
      a: { kind: 'text', label: t('A', 'A') },
      b: { kind: 'text', label: t('B', 'B') },
      tags: { kind: 'tags', label: t('T', 'T') },
      secret: { kind: 'password', label: t('P', 'P') },
    } as const;
    const thing = (uniqueTogether: string[][]) =>
      defineEntity({ ...base, fields, labelField: 'a', uniqueTogether: uniqueTogether as ['a', 'b'][] });
    expect(thing([['a', 'b']]).uniqueTogether).toEqual([['a', 'b']]);
    expect(defineEntity({ ...base, fields, labelField: 'a' }).uniqueTogether).toEqual([]);
    expect(() => thing([['a']])).toThrow(/two or more different fields/);
    expect(() => thing([['a', 'a']])).toThrow(/two or more different fields/);
    expect(() => thing([['a', 'nope']])).toThrow(/"nope", which is not a stored single-value field/);
    expect(() => thing([['a', 'tags']])).toThrow(/"tags"/);
    expect(() => thing([['a', 'secret']])).toThrow(/"secret"/);
  });

  it('takes an event key on an event entity’s stored text field only', () => {
    const fields = {
      eventId: { kind: 'text', label: t('Id', 'ID') },
      count: { kind: 'integer', label: t('N', 'N') },
    } as const;
    const event = (eventKey: 'eventId' | 'count' | undefined) =>
      defineEvent({ ...base, fields, labelField: 'eventId', eventKey });
    expect(event('eventId').eventKey).toBe('eventId');
    expect(event(undefined).eventKey).toBeNull();
    expect(() => event('count')).toThrow(/"count", which is not a stored text field/);
    expect(() => defineEntity({ ...base, fields, labelField: 'eventId', eventKey: 'eventId' })).toThrow(
      /for event entities/,
    );
  });

  it('resolves a built-in rule over declared fields only', () => {
    const fields = {
      code: { kind: 'text', label: t('C', 'C') },
      system: { kind: 'boolean', label: t('S', 'S') },
    } as const;
    const when = { field: 'system', in: [true] };
    expect(defineEntity({ ...base, fields, labelField: 'code', builtIn: { when } }).builtIn).toEqual({
      when,
      editable: [],
      removableWhen: null,
    });
    const removable = defineEntity({
      ...base,
      fields: { ...fields, gone: { kind: 'boolean', label: t('G', 'G') } },
      labelField: 'code',
      builtIn: { when, removableWhen: { field: 'gone', in: [true] } },
    });
    expect(isRemovableRecord(removable, { system: true, gone: false })).toBe(false);
    expect(isRemovableRecord(removable, { system: true, gone: true })).toBe(true);
    expect(isRemovableRecord(removable, { system: false })).toBe(true);
    expect(() =>
      defineEntity({
        ...base,
        fields,
        labelField: 'code',
        builtIn: { when, removableWhen: { field: 'x', in: [1] } },
      }),
    ).toThrow(/"x"/);
    expect(defineEntity({ ...base, fields, labelField: 'code' }).builtIn).toBeNull();
    expect(() =>
      defineEntity({ ...base, fields, labelField: 'code', builtIn: { when, editable: ['nope'] } }),
    ).toThrow(/builtIn names unknown field "nope"/);
    expect(() =>
      defineEntity({ ...base, fields, labelField: 'code', builtIn: { when: { field: 'gone', in: [1] } } }),
    ).toThrow(/"gone"/);
  });

  it('expands a bilingual pair into enName and zhName with pair labels and an either-rule', () => {
    const def = defineEntity({
      ...base,
      fields: { name: { kind: 'bilingual', label: t('Name', '名称'), required: 'either', maxLength: 80 } },
      search: ['name'],
      labelField: 'name',
    });
    expect(Object.keys(def.fields)).toEqual(['enName', 'zhName']);
    expect(def.fields.enName).toMatchObject({
      kind: 'text',
      maxLength: 80,
      pair: { name: 'name', lang: 'en' },
    });
    expect(def.fields.zhName?.label).toEqual({ en: 'Name (Chinese)', zh: '名称（中文）' });
    expect(def.pairs.name).toMatchObject({ en: 'enName', zh: 'zhName' });
    expect(def.search).toEqual(['enName', 'zhName']);
    expect(def.rules).toEqual([
      expect.objectContaining({ kind: 'atLeastOne', fields: ['enName', 'zhName'] }),
    ]);
    expect(def.key).toBe('sampleThing');
  });

  it('collects status machine actions with the field they move', () => {
    const def = defineEntity({
      ...base,
      fields: { name: { kind: 'text', label: t('N', 'N') }, status: enableStatus() },
      labelField: 'name',
    });
    expect(def.actions.enable).toMatchObject({ field: 'status', from: ['disabled'], to: 'enabled' });
    expect(def.actions.disable).toMatchObject({ field: 'status', from: ['enabled'], to: 'disabled' });
  });

  it('refuses mistakes when the definition is loaded', () => {
    const name = { kind: 'text', label: t('N', 'N') } as const;
    expect(() => defineEntity({ ...base, name: 'Bad-Name', fields: { name }, labelField: 'name' })).toThrow(
      /snake_case/,
    );
    expect(() => defineEntity({ ...base, fields: { id: name }, labelField: 'id' })).toThrow(/system field/);
    expect(() =>
      defineEntity({
        ...base,
        fields: { name, status: enableStatus(), other: enableStatus() },
        labelField: 'name',
      }),
    ).toThrow(/declared twice/);
    expect(() =>
      defineEntity({
        ...base,
        fields: { name, n: { kind: 'integer', label: t('N', 'N') } },
        search: ['n'],
        labelField: 'name',
      }),
    ).toThrow(/not text/);
    expect(() =>
      defineEntity({
        ...base,
        fields: { name, n: { kind: 'integer', label: t('N', 'N'), list: { filter: 'like' } } },
        labelField: 'name',
      }),
    ).toThrow(/like filters/);
    expect(() =>
      defineEntity({
        ...base,
        defaultSort: { field: 'nope' as 'id', order: 'asc' },
        fields: { name },
        labelField: 'name',
      }),
    ).toThrow(/default sort/);
    expect(() =>
      defineEntity({
        ...base,
        fields: { name, a: { kind: 'date', label: t('A', 'A') } },
        rules: [{ kind: 'compare', field: 'a', op: 'gte', other: 'b', message: t('x', 'x') }],
        labelField: 'name',
      }),
    ).toThrow(/unknown field "b"/);
    expect(() =>
      defineEntity({
        ...base,
        fields: { name, status: enableStatus({ default: 'gone' }) },
        labelField: 'name',
      }),
    ).toThrow(/default is not an option/);
  });
});

describe('names', () => {
  it('maps JSON names to snake_case columns and API names to camelCase keys', () => {
    expect(snakeCase('sortNo')).toBe('sort_no');
    expect(snakeCase('coverImg')).toBe('cover_img');
    expect(snakeCase('collect_num')).toBe('collect_num');
    expect(snakeCase('enName')).toBe('en_name');
    expect(camelCase('banner_position')).toBe('bannerPosition');
    expect(
      columnOf(
        { kind: 'relation', label: t('P', 'P'), to: 'x', labelField: 'n', column: 'position_id' },
        'position',
      ),
    ).toBe('position_id');
  });
});

describe('shapes, capabilities and commands', () => {
  const base = {
    labels: { singular: { en: 'Note', zh: '备注' }, plural: { en: 'Notes', zh: '备注' } },
    permission: { menu: '/notes' },
    labelField: 'title',
    defaultSort: { field: 'id', order: 'desc' },
  } as const;

  it('resolves capabilities from the shape and what the definition switches off', () => {
    const plain = defineEntity({
      ...base,
      name: 'note',
      fields: { title: { kind: 'text', label: t('T', 'T') } },
    });
    expect(plain.shape).toBe('entity');
    expect(plain.capabilities).toEqual({
      create: true,
      update: true,
      delete: true,
      import: true,
      export: true,
      history: true,
      trash: false,
    });
    const event = defineEvent({
      ...base,
      name: 'note_event',
      fields: { title: { kind: 'text', label: t('T', 'T') } },
    });
    expect(event.capabilities).toMatchObject({ create: true, update: false, delete: false, history: false });
    const report = defineReport({
      ...base,
      name: 'note_report',
      fields: { title: { kind: 'text', label: t('T', 'T') }, n: { kind: 'integer', label: t('N', 'N') } },
      drill: { n: { menu: '/notes', filters: { title: 'title' } } },
    });
    expect(report.capabilities).toMatchObject({ create: false, update: false, import: false, export: true });
    expect(report.report?.drill.n?.menu).toBe('/notes');
  });

  it('checks commands, kind-dependent fields, parents and widgets', () => {
    const fields = {
      title: { kind: 'text', label: t('T', 'T') },
      kind: {
        kind: 'enum',
        label: t('K', 'K'),
        options: [
          { value: 'a', label: t('A', 'A') },
          { value: 'b', label: t('B', 'B') },
        ],
      },
    } as const;
    const ok = defineEntity({
      ...base,
      name: 'note',
      fields: {
        ...fields,
        size: { kind: 'integer', label: t('S', 'S'), onlyWhen: { field: 'kind', in: ['a'] } },
      },
      commands: { remind: { label: t('Remind', '提醒'), target: 'both' } },
    });
    expect(ok.commands.remind).toMatchObject({ placement: ['row', 'form', 'bulk'] });
    expect(() =>
      defineEntity({
        ...base,
        name: 'note',
        fields: {
          ...fields,
          size: { kind: 'integer', label: t('S', 'S'), onlyWhen: { field: 'kind', in: ['z'] } },
        },
      }),
    ).toThrow(/unknown value "z"/);
    expect(() =>
      defineEntity({
        ...base,
        name: 'note',
        fields: { title: { kind: 'text', label: t('T', 'T'), form: { widget: 'nope' } } },
      }),
    ).toThrow(/unknown widget "nope"/);
    expect(() =>
      defineEntity({
        ...base,
        name: 'note',
        fields,
        commands: { list: { label: t('L', 'L'), target: 'record' } },
      }),
    ).toThrow(/reserved/);
    expect(() =>
      defineEntity({ ...base, name: 'note', fields, parent: { entity: 'company', field: 'title' } }),
    ).toThrow(/must be a relation to company/);
  });

  it('types a record from its definition', () => {
    const note = defineEntity({
      ...base,
      name: 'note',
      fields: {
        title: { kind: 'bilingual', label: t('T', 'T') },
        size: { kind: 'integer', label: t('S', 'S') },
        secret: { kind: 'password', label: t('P', 'P') },
      },
    });
    const record = { id: 1, enTitle: 'x', zhTitle: null, size: 2 } as unknown as RecordOf<typeof note>;
    const size: number | null = record.size;
    const title: string | null = record.enTitle;
    // @ts-expect-error a password is never returned
    record.secret;
    expect([size, title]).toEqual([2, 'x']);
  });

  it('keeps an audit to its actions: not created, not edited, its decision fields with it', () => {
    const audited = (remark: object) =>
      defineEntity({
        ...base,
        name: 'audited_thing',
        fields: {
          name: { kind: 'text', label: t('Name', '名称') },
          audit: auditStatus({ assign: { reason: 'remark' } }),
          remark: { kind: 'longText', label: t('Remark', '意见'), computed: true, ...remark },
        },
        labelField: 'name',
      });
    expect(() => audited({})).toThrow(/assigns "remark", which must be actionOnly/);
    const def = audited({ actionOnly: true });
    const states = fieldStateMap(def);
    expect(states.get('audit')).toMatchObject({ isCreatable: false, isEditable: false, isActionOnly: true });
    expect(updateTreatment(states.get('remark')!)).toBe('unchanged');
    expect(createSchema(def).safeParse({ name: 'x', audit: 'passed' }).success).toBe(true);
    expect(validateCreate(def, { name: 'x', audit: 'passed' })).toEqual({
      ok: false,
      issues: [{ path: 'audit', message: expect.objectContaining({ zh: expect.stringContaining('审核') }) }],
    });
    expect(validateCreate(def, { name: 'x', audit: 'pending', remark: null })).toEqual({
      ok: true,
      value: { name: 'x', audit: 'pending' },
    });
    const current = { name: 'x', audit: 'passed', remark: null };
    expect(validateUpdate(def, { ...current, version: 1 }, { current })).toEqual({
      ok: true,
      value: { name: 'x', version: 1 },
    });
    expect(validateUpdate(def, { remark: 'fine', version: 1 }, { current }).ok).toBe(false);
    expect(auditDecision.at()).toMatchObject({ kind: 'datetime', actionOnly: true });
  });
});
