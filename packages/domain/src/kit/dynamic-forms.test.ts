import { describe, expect, it } from 'vitest';
import { t } from './bilingual';
import { defineEntity } from './define-entity';
import {
  type DynamicFormConfig,
  dynamicFormIssues,
  dynamicValueOf,
  dynamicValueProblem,
  isReservedDynamicCode,
  isValidOptionList,
  keptDynamicValues,
} from './dynamic-forms';
import { parseListQuery, toSearchParams } from './list-query';

const config = (code: string, type: DynamicFormConfig['type'], extra: Partial<DynamicFormConfig> = {}) =>
  ({
    code,
    type,
    label: t(code.toUpperCase(), code),
    options: [],
    required: false,
    min: null,
    max: null,
    maxLength: null,
    filterable: false,
    sortNo: 0,
    ...extra,
  }) satisfies DynamicFormConfig;

const item = defineEntity({
  name: 'dyn_sample',
  labels: { singular: t('Item', '物品'), plural: t('Items', '物品') },
  permission: { menu: '/systemManage/dynamic_form_config_list' },
  fields: {
    title: { kind: 'text', label: t('Title', '标题') },
    formGroup: { kind: 'text', label: t('Group', '分组') },
    specs: { kind: 'dynamicForm', label: t('Specs', '规格'), groupField: 'formGroup', category: 'product' },
  },
  defaultSort: { field: 'id', order: 'asc' },
  labelField: 'title',
});

describe('dynamic form values', () => {
  it('are checked by type, options and limits; empty counts only for required inputs', () => {
    const volts = [{ value: '220V', label: t('220 V', '220 伏') }];
    expect(dynamicValueProblem(config('n', 'number', { min: 1, max: 5 }), 6)?.en).toBe('N must be at most 5');
    expect(dynamicValueProblem(config('n', 'integer'), 1.5)?.en).toBe('N must be a whole number');
    expect(dynamicValueProblem(config('v', 'select', { options: volts }), '220V')).toBeNull();
    expect(dynamicValueProblem(config('v', 'multiSelect', { options: volts }), ['110V'])?.zh).toBe(
      'v必须是以下之一：220V',
    );
    expect(dynamicValueProblem(config('d', 'date'), '2024-02-30')?.en).toContain('must be a date');
    expect(dynamicValueProblem(config('b', 'boolean'), false)).toBeNull();
    expect(dynamicValueProblem(config('s', 'text', { maxLength: 3 }), 'abcd')?.en).toBe(
      'S allows at most 3 characters',
    );
    expect(dynamicValueProblem(config('s', 'text'), null)).toBeNull();
    expect(dynamicValueProblem(config('s', 'text', { required: true }), ' ')?.en).toBe('S is required');
  });

  it('name unknown codes and each problem on <field>.<code>', () => {
    const issues = dynamicFormIssues(
      'specs',
      [config('power', 'number', { required: true })],
      { colour: 'red' },
      'machine',
    );
    expect(issues.map((i) => [i.path, i.message.en])).toEqual([
      ['specs.colour', '"colour" is not an input of the form group machine'],
      ['specs.power', 'POWER is required'],
    ]);
  });

  it('look values up by their own codes only: a code named like an object member reads no member', () => {
    const configs = [config('constructor', 'text', { required: true }), config('toString', 'integer')];
    expect(dynamicFormIssues('specs', configs, {}, 'g')).toEqual([
      { path: 'specs.constructor', message: { en: 'CONSTRUCTOR is required', zh: '请填写constructor' } },
    ]);
    expect(dynamicFormIssues('specs', configs, { constructor: 'Acme', toString: 3 }, 'g')).toEqual([]);
    expect(dynamicFormIssues('specs', [config('power', 'number')], { hasOwnProperty: 'x' }, 'g')).toEqual([
      {
        path: 'specs.hasOwnProperty',
        message: expect.objectContaining({ en: '"hasOwnProperty" is not an input of the form group g' }),
      },
    ]);
    expect(dynamicValueOf({}, 'valueOf')).toBeUndefined();
    expect(['constructor', '__proto__', 'toString'].every(isReservedDynamicCode)).toBe(true);
    expect(isReservedDynamicCode('power')).toBe(false);
  });

  it('keep, on a group switch, only the codes the new group has', () => {
    expect(keptDynamicValues([config('a', 'text')], { a: 'x', b: 'y' })).toEqual({ a: 'x' });
  });

  it('take options with a value and both labels, values unique', () => {
    expect(isValidOptionList([{ value: 'a', label: t('A', '甲') }])).toBe(true);
    expect(isValidOptionList([{ value: 'a', label: t('A', '') }])).toBe(false);
    expect(
      isValidOptionList([
        { value: 'a', label: t('A', '甲') },
        { value: 'a', label: t('B', '乙') },
      ]),
    ).toBe(false);
    expect(isValidOptionList([])).toBe(false);
  });
});

describe('dynamic form fields in definitions and list queries', () => {
  it('need a text group field', () => {
    expect(() =>
      defineEntity({
        name: 'dyn_bad',
        labels: item.labels,
        permission: item.permission,
        fields: {
          title: { kind: 'text', label: t('Title', '标题') },
          specs: { kind: 'dynamicForm', label: t('Specs', '规格'), groupField: 'nope', category: 'product' },
        },
        search: [],
        defaultSort: { field: 'id', order: 'asc' },
        labelField: 'title',
      }),
    ).toThrow(/groupField "nope"/);
  });

  it('filter on <field>.<code> with one or several values, and write them back', () => {
    const parsed = parseListQuery(item, { 'specs.voltage': '220V,380V', 'specs.eco': 'true' });
    expect(parsed.ok && parsed.query.filters).toEqual([
      { field: 'specs', code: 'voltage', op: 'dynamic', values: ['220V', '380V'] },
      { field: 'specs', code: 'eco', op: 'dynamic', values: ['true'] },
    ]);
    expect(parsed.ok && toSearchParams(item, parsed.query)).toEqual({
      'specs.voltage': '220V,380V',
      'specs.eco': 'true',
    });
    expect(parseListQuery(item, { 'title.x': '1' })).toEqual({ ok: false, param: 'title.x' });
    expect(parseListQuery(item, { 'specs.Bad-code': '1' })).toEqual({ ok: false, param: 'specs.Bad-code' });
  });
});
