import { describe, expect, it } from 'vitest';
import { t } from './bilingual';
import { applicableFields } from './conditions';
import { defineEntity } from './define-entity';
import { formLayout } from './descriptors';
import { checkRules } from './rules';
import { validateCreate, validateUpdate } from './validate';
import { defaultOf } from './values';

// A product-like record: a kind decides which of the other fields belong to it.
const item = defineEntity({
  name: 'kind_sample',
  labels: { singular: t('Item', '物品'), plural: t('Items', '物品') },
  permission: { menu: '/x/item_list' },
  labelField: 'title',
  defaultSort: { field: 'id', order: 'desc' },
  fields: {
    title: { kind: 'text', label: t('Title', '标题'), required: true },
    kind: {
      kind: 'enum',
      label: t('Kind', '类型'),
      required: true,
      default: 'goods',
      options: [
        { value: 'goods', label: t('Goods', '实物') },
        { value: 'service', label: t('Service', '服务') },
      ],
    },
    weight: {
      kind: 'integer',
      label: t('Weight', '重量'),
      required: true,
      max: 1000,
      onlyWhen: { field: 'kind', in: ['goods'] },
    },
    hours: {
      kind: 'integer',
      label: t('Hours', '工时'),
      max: 100,
      onlyWhen: { field: 'kind', in: ['service'] },
    },
    flag: { kind: 'boolean', label: t('Flag', '标记'), onlyWhen: { field: 'kind', in: ['service'] } },
    note: {
      kind: 'bilingual',
      label: t('Note', '说明'),
      onlyWhen: { field: 'kind', in: ['service'] },
    },
  },
});

const issuesOf = (result: { ok: boolean; issues?: { path: string; message: unknown }[] }) =>
  Object.fromEntries((result.ok ? [] : result.issues!).map((i) => [i.path, i.message]));

describe('kind-dependent fields', () => {
  it('are required and validated on create only while their condition holds', () => {
    expect(issuesOf(validateCreate(item, { title: 'A', kind: 'goods' }))).toEqual({
      weight: { en: 'Weight is required', zh: '请填写重量' },
    });
    expect(issuesOf(validateCreate(item, { title: 'A', kind: 'goods', weight: 5000 }))).toHaveProperty(
      'weight',
    );
    // the kind's default counts as the kind when the body leaves it out
    expect(issuesOf(validateCreate(item, { title: 'A' }))).toHaveProperty('weight');
    const service = validateCreate(item, { title: 'A', kind: 'service', hours: 8 });
    expect(service).toEqual({
      ok: true,
      value: { title: 'A', kind: 'service', hours: 8, weight: null },
    });
  });

  it('drop a value sent for a field whose condition does not hold, unvalidated, and store null', () => {
    const result = validateCreate(item, { title: 'A', kind: 'goods', weight: 3, hours: 99999, enNote: 'x' });
    expect(result).toEqual({
      ok: true,
      value: { title: 'A', kind: 'goods', weight: 3, hours: null, flag: null, enNote: null, zhNote: null },
    });
  });

  it('merge an update with the stored record: the stored kind decides', () => {
    const stored = {
      title: 'A',
      kind: 'goods',
      weight: 3,
      hours: null,
      flag: null,
      enNote: null,
      zhNote: null,
    };
    // emptying a required field of the stored kind is refused
    expect(issuesOf(validateUpdate(item, { version: 1, weight: null }, { current: stored }))).toHaveProperty(
      'weight',
    );
    // a field of the other kind sent alone is dropped and stays null
    const other = validateUpdate(item, { version: 1, hours: 5 }, { current: stored });
    expect(other.ok && other.value).toMatchObject({ version: 1, hours: null });
    // a field of the stored kind is validated as usual
    expect(issuesOf(validateUpdate(item, { version: 1, weight: 5000 }, { current: stored }))).toHaveProperty(
      'weight',
    );
    // the merged record is complete, so the rules see no missing weight
    expect(checkRules(item, { ...stored, title: 'B' }, undefined)).toEqual([]);
  });

  it('clear the old kind’s fields when the kind is switched away, and require the new kind’s', () => {
    const stored = {
      title: 'A',
      kind: 'goods',
      weight: 3,
      hours: null,
      flag: null,
      enNote: null,
      zhNote: null,
    };
    const switched = validateUpdate(item, { version: 1, kind: 'service', hours: 4 }, { current: stored });
    expect(switched.ok && switched.value).toEqual({
      version: 1,
      kind: 'service',
      hours: 4,
      weight: null,
    });
    // back to goods without a weight: required again on the merged record, by the update and by the rules
    const back = { ...stored, kind: 'service', weight: null, hours: 4 };
    expect(issuesOf(validateUpdate(item, { version: 1, kind: 'goods' }, { current: back }))).toEqual({
      weight: { en: 'Weight is required', zh: '请填写重量' },
    });
    expect(checkRules(item, { ...back, kind: 'goods', hours: null })).toEqual([
      { path: 'weight', message: { en: 'Weight is required', zh: '请填写重量' } },
    ]);
    const withWeight = validateUpdate(item, { version: 1, kind: 'goods', weight: 2 }, { current: back });
    expect(withWeight.ok && withWeight.value).toMatchObject({
      kind: 'goods',
      weight: 2,
      hours: null,
      flag: null,
    });
  });

  it('without the stored record, an update body decides only when it names the kind', () => {
    const partial = validateUpdate(item, { version: 1, hours: 5 });
    expect(partial.ok && partial.value).toEqual({ version: 1, hours: 5 });
    const form = validateUpdate(item, { version: 1, title: 'A', kind: 'goods', weight: 1, hours: 5 });
    expect(form.ok && form.value).toMatchObject({ weight: 1, hours: null });
  });

  it('have no default, carry their condition to the form and list the fields a record has', () => {
    expect(defaultOf(item.fields.flag!)).toBeUndefined();
    expect(item.fields.enNote?.onlyWhen).toEqual({ field: 'kind', in: ['service'] });
    const fields = formLayout(item, { mode: 'add' }).flatMap((g) => g.fields);
    expect(fields.find((f) => f.name === 'weight')).toMatchObject({
      isRequired: true,
      onlyWhen: { field: 'kind', in: ['goods'] },
    });
    expect(fields.find((f) => f.name === 'title')).not.toHaveProperty('onlyWhen');
    expect(applicableFields(item, { kind: 'goods' })).toEqual(['title', 'kind', 'weight']);
    expect(applicableFields(item, { kind: 'service' })).toEqual([
      'title',
      'kind',
      'hours',
      'flag',
      'enNote',
      'zhNote',
    ]);
  });
});
