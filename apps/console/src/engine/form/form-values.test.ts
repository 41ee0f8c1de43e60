import { banner, bannerPosition, popularSubActivity, role } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { bannerRecord } from '../test/banner-fixtures';
import {
  bodyOf,
  isChanged,
  ruleDependencies,
  startValues,
  validateForm,
  valuesFromQuery,
} from './form-values';

describe('form values', () => {
  it('start a new record from the values its address names, each as its kind reads it', () => {
    const query = (q: string) => valuesFromQuery(popularSubActivity, new URLSearchParams(q));
    expect(query('activityId=5&type=new_product')).toEqual({ activityId: 5, type: 'new_product' });
    // a choice outside the options, an id that is not one, unknown and computed fields are left out
    expect(query('activityId=5x&type=lottery&nope=1&id=3&version=2')).toEqual({});
    const hidden = { hidden: ['remark'], required: [], readOnly: [] };
    expect(valuesFromQuery(popularSubActivity, new URLSearchParams('remark=Hall'), hidden)).toEqual({});
    expect(query('remark=Hall 3')).toEqual({ remark: 'Hall 3' });
  });

  it('start from the defaults on add and from the visible values on edit', () => {
    expect(startValues(banner, { mode: 'add' })).toMatchObject({
      sortNo: 0,
      targetType: 'none',
      status: 'enabled',
      displayStatus: 'offline',
    });
    const policy = { hidden: ['remark'], required: [], readOnly: [] };
    const edit = startValues(banner, { mode: 'edit', record: bannerRecord(), policy });
    expect(edit).toMatchObject({ title: 'Spring fair', position: 2, clickNum: 42 });
    expect(edit).not.toHaveProperty('remark');
  });

  it('send only what the API accepts: creatable on add, editable plus the version on edit', () => {
    const values = startValues(banner, { mode: 'edit', record: bannerRecord() });
    const body = bodyOf(banner, values, { mode: 'edit', version: 3 });
    expect(body.version).toBe(3);
    expect(body).not.toHaveProperty('clickNum');
    expect(body).not.toHaveProperty('status');
    const code = bodyOf(bannerPosition, { code: 'home', enName: 'Home' }, { mode: 'edit', version: 1 });
    expect(code).not.toHaveProperty('code');
  });

  it('leave a new record’s emptied field with a default to take it (a role without a remark)', () => {
    const values = { code: 'reader', nameEn: 'Reader', nameZh: '读者', remark: '', permissionIds: [] };
    expect(bodyOf(role, values, { mode: 'add' })).not.toHaveProperty('remark');
    expect(validateForm(role, values, { mode: 'add' })).toEqual([]);
  });

  it('validate with the kit: the server’s messages in both languages', () => {
    const issues = validateForm(
      banner,
      { targetType: 'url', startDate: '2025-06-02', endDate: '2025-06-01' },
      { mode: 'add' },
    );
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    expect(byPath.title).toEqual({ en: 'Title is required', zh: '请填写标题' });
    expect(byPath.endDate?.en).toBe('The end date cannot be before the start date');
    expect(byPath.targetUrl?.en).toBe('Target URL is required');
    // a hidden required field is not required
    const hidden = validateForm(
      banner,
      {},
      { mode: 'add', policy: { hidden: ['title'], required: [], readOnly: [] } },
    );
    expect(hidden.map((i) => i.path)).not.toContain('title');
  });

  it('know which fields a cross-field rule ties together', () => {
    const deps = ruleDependencies(banner);
    expect(deps.get('endDate')).toEqual(['startDate']);
    expect(deps.get('targetType')).toEqual(['targetUrl', 'targetValue']);
  });

  it('tell a real change from an empty one', () => {
    expect(isChanged({ a: null, b: 1 }, { a: '', b: 1 })).toBe(false);
    expect(isChanged({ a: null }, { a: 'x' })).toBe(true);
  });
});
