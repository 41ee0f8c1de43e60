import { describe, expect, it } from 'vitest';
import { banner } from '../entities/banner';
import { bannerPosition } from '../entities/banner-position';
import { companyTag } from '../entities/company-tag';
import { permission } from '../entities/permission';
import { role } from '../entities/role';
import {
  entityLabel,
  fieldLabel,
  formLayout,
  labelColumns,
  listColumns,
  listFilters,
  recordLabel,
  uploadSizeHint,
} from './descriptors';
import { availableActions, checkTransition, isBuiltInRecord } from './machine';

describe('list descriptors', () => {
  it('columns: id first, declared fields, times last; long text left out', () => {
    const names = listColumns(banner).map((c) => c.name);
    expect(names[0]).toBe('id');
    expect(names.slice(-2)).toEqual(['createdAt', 'updatedAt']);
    expect(names).toContain('clickNum');
    expect(names).not.toContain('remark');
    const url = listColumns(banner).find((c) => c.name === 'targetUrl');
    expect(url?.isShownByDefault).toBe(false);
    const status = listColumns(banner).find((c) => c.name === 'status');
    expect(status).toMatchObject({ isStatus: true, options: expect.any(Array) });
    expect(listColumns(banner).find((c) => c.name === 'position')?.relation).toEqual({
      entity: 'banner_position',
      labelField: 'name',
      isMultiple: false,
    });
  });

  it('filters carry their query parameters; hidden fields have neither column nor filter', () => {
    const policy = { hidden: ['status'], required: [], readOnly: [] };
    const filters = listFilters(banner, policy);
    expect(filters.find((f) => f.name === 'startDate')).toMatchObject({
      op: 'range',
      params: ['startDateFrom', 'startDateTo'],
    });
    expect(filters.map((f) => f.name)).not.toContain('status');
    expect(listColumns(banner, policy).map((c) => c.name)).not.toContain('status');
  });
});

describe('form descriptors', () => {
  it('groups fields, marks required only when visible, disables what cannot be edited', () => {
    const add = formLayout(banner, { mode: 'add' });
    expect(add.map((g) => g.key)).toEqual(['basic', 'target', 'schedule']);
    const basic = add[0]!.fields.map((f) => f.name);
    expect(basic).toEqual(['title', 'position', 'coverImg', 'sortNo', 'remark']);
    const cover = add[0]!.fields.find((f) => f.name === 'coverImg')!;
    expect(cover).toMatchObject({ widget: 'imageUpload', isRequired: true, span: 24 });
    expect(cover.upload).toMatchObject({ maxCount: 1, maxBytes: 2 * 1024 * 1024, sizeHint: '1200x240' });

    const edit = formLayout(banner, {
      mode: 'edit',
      policy: { hidden: ['coverImg'], required: [], readOnly: ['title'] },
    });
    const fields = edit.flatMap((g) => g.fields);
    expect(fields.map((f) => f.name)).not.toContain('coverImg');
    expect(fields.find((f) => f.name === 'title')?.isDisabled).toBe(true);
    expect(fields.find((f) => f.name === 'clickNum')?.isDisabled).toBe(true);
    expect(fields.find((f) => f.name === 'status')?.isDisabled).toBe(true);
    expect(fields.find((f) => f.name === 'remark')?.isDisabled).toBe(false);
  });

  it('renders bilingual halves with the bilingual widget', () => {
    const fields = formLayout(bannerPosition, { mode: 'add' }).flatMap((g) => g.fields);
    expect(fields.filter((f) => f.widget === 'bilingual').map((f) => [f.name, f.pair?.lang])).toEqual([
      ['enName', 'en'],
      ['zhName', 'zh'],
    ]);
    expect(fields.find((f) => f.name === 'code')).toMatchObject({ isDisabled: false, isRequired: true });
    const edit = formLayout(bannerPosition, { mode: 'edit' }).flatMap((g) => g.fields);
    expect(edit.find((f) => f.name === 'code')?.isDisabled).toBe(true);
  });
});

describe('labels', () => {
  it('a site variant text set overrides entity and field labels', () => {
    expect(entityLabel(companyTag, 'zh')).toBe('企业标签');
    expect(entityLabel(companyTag, 'en', { texts: { 'entity.companyTag.label': 'Shop tag' } })).toBe(
      'Shop tag',
    );
    expect(entityLabel(companyTag, 'en', { plural: true })).toBe('Company tags');
    expect(fieldLabel(banner, 'title', 'zh')).toBe('标题');
    expect(fieldLabel(banner, 'title', 'en', { 'entity.banner.field.title': 'Headline' })).toBe('Headline');
  });

  it('a record label picks the language half of a pair and falls back to the other', () => {
    expect(recordLabel(bannerPosition, { enName: 'Home top', zhName: '首页顶部' }, 'zh')).toBe('首页顶部');
    expect(recordLabel(bannerPosition, { enName: 'Home top', zhName: null }, 'zh')).toBe('Home top');
    expect(recordLabel(companyTag, { name: 'Verified' }, 'en')).toBe('Verified');
    // a label field named for its language finds its twin: a role's nameEn and nameZh
    expect(recordLabel(role, { nameEn: 'Reader', nameZh: '读者' }, 'zh')).toBe('读者');
    expect(recordLabel(role, { nameEn: 'Reader', nameZh: '读者' }, 'en')).toBe('Reader');
    expect(recordLabel(role, { nameEn: 'Reader', nameZh: '' }, 'zh')).toBe('Reader');
    expect(labelColumns(role)).toEqual(['nameEn', 'nameZh']);
  });

  it('the banner cover hint follows its position when the position has one', () => {
    const cover = banner.fields.coverImg!;
    const rule = cover.kind === 'image' ? cover.upload : null;
    expect(uploadSizeHint(rule!, { sizeHint: '1920x200' })).toBe('1920x200');
    expect(uploadSizeHint(rule!, { sizeHint: '' })).toBe('1200x240');
    expect(uploadSizeHint(rule!, null)).toBe('1200x240');
  });
});

describe('status machines', () => {
  it('allows declared transitions only', () => {
    expect(checkTransition(banner, 'offline', { displayStatus: 'online' })).toMatchObject({
      ok: true,
      field: 'displayStatus',
      to: 'offline',
    });
    expect(checkTransition(banner, 'offline', { displayStatus: 'offline' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(checkTransition(banner, 'fly', { displayStatus: 'offline' })).toEqual({
      ok: false,
      reason: 'unknownAction',
    });
    expect(availableActions(banner, { status: 'enabled', displayStatus: 'offline' })).toEqual([
      'disable',
      'online',
    ]);
    expect(
      availableActions(banner, { status: 'enabled' }, { hidden: ['status'], required: [], readOnly: [] }),
    ).toEqual([]);
  });

  it('a built-in record offers only the actions on fields it may change', () => {
    // the root role changes in nothing, another role may be disabled
    expect(availableActions(role, { code: 'root', status: 'enabled' })).toEqual([]);
    expect(availableActions(role, { code: 'reader', status: 'enabled' })).toEqual(['disable']);
    expect(isBuiltInRecord(role, { code: 'root' })).toBe(true);
    expect(isBuiltInRecord(permission, { builtIn: true })).toBe(true);
    expect(isBuiltInRecord(banner, { status: 'enabled' })).toBe(false);
  });
});
