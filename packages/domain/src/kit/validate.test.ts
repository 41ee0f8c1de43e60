import { describe, expect, it } from 'vitest';
import { banner } from '../entities/banner';
import { bannerPosition } from '../entities/banner-position';
import { companyTag } from '../entities/company-tag';
import { t } from './bilingual';
import { defineEntity } from './define-entity';
import { auditStatus } from './presets';
import { createSchema, recordSchema } from './schemas';
import {
  initialValues,
  toCreateBody,
  toUpdateBody,
  validateActionInput,
  validateCreate,
  validateUpdate,
} from './validate';
import { defaultOf } from './values';

const validBanner = { title: 'Spring fair', coverImg: '/uploads/a.png', position: 1 };

const messages = (result: ReturnType<typeof validateCreate>) =>
  result.ok ? {} : Object.fromEntries(result.issues.map((i) => [i.path, i.message]));

describe('create schema', () => {
  it('accepts a valid body and applies defaults', () => {
    const result = validateCreate(banner, validBanner);
    expect(result).toEqual({
      ok: true,
      value: { ...validBanner, sortNo: 0, targetType: 'none', status: 'enabled', displayStatus: 'offline' },
    });
    expect(initialValues(banner)).toMatchObject({
      sortNo: 0,
      targetType: 'none',
      status: 'enabled',
      clickNum: 0,
    });
  });

  it('names each missing required field in English and Chinese', () => {
    const result = validateCreate(banner, { title: '   ' });
    expect(messages(result)).toEqual({
      title: { en: 'Title is required', zh: '请填写标题' },
      position: { en: 'Please choose Position', zh: '请选择位置' },
      coverImg: { en: 'Please upload Cover image', zh: '请上传封面图' },
    });
  });

  it('checks lengths, numbers, dates, urls, options and patterns with field labels', () => {
    const result = validateCreate(banner, {
      ...validBanner,
      title: 'x'.repeat(101),
      sortNo: 1.5,
      startDate: '2024-02-30',
      targetType: 'elsewhere',
    });
    expect(messages(result)).toMatchObject({
      title: { en: 'Title allows at most 100 characters', zh: '标题最多 100 个字符' },
      sortNo: { en: 'Sort weight must be a whole number' },
      startDate: { en: 'Start date must be a date like 2024-05-31' },
      targetType: { en: 'Target type must be one of: No link, Web page, Company, Product, Popular activity' },
    });
    const url = validateCreate(banner, {
      ...validBanner,
      targetType: 'url',
      targetUrl: 'javascript:alert(1)',
    });
    expect(messages(url).targetUrl?.en).toBe('Target URL must be a web address');
    const code = validateCreate(bannerPosition, { code: 'Home Top', enName: 'Home' });
    expect(messages(code).code?.zh).toBe('编码只能包含小写字母、数字和下划线，且以字母开头');
  });

  it('evaluates cross-field rules as data, together with field errors', () => {
    const result = validateCreate(banner, {
      ...validBanner,
      title: '',
      startDate: '2024-05-02',
      endDate: '2024-05-01',
    });
    expect(messages(result)).toMatchObject({
      title: { en: 'Title is required' },
      endDate: { en: 'The end date cannot be before the start date', zh: '结束日期不能早于开始日期' },
    });
    expect(
      validateCreate(banner, { ...validBanner, startDate: '2024-05-01', endDate: '2024-05-01' }).ok,
    ).toBe(true);
    expect(messages(validateCreate(banner, { ...validBanner, targetType: 'product' })).targetValue?.en).toBe(
      'Target value is required',
    );
    expect(messages(validateCreate(bannerPosition, { code: 'home' })).enName?.en).toBe(
      'Enter Name in English or Chinese',
    );
  });

  it('refuses computed fields and unknown fields by name', () => {
    const result = validateCreate(banner, { ...validBanner, clickNum: 5, nope: 1 });
    expect(messages(result)).toEqual({
      clickNum: { en: 'Clicks cannot be changed', zh: '点击量不可修改' },
      nope: { en: 'Unknown field: nope', zh: '未知字段：nope' },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(messages(validateCreate(companyTag, [1]))).toEqual({
      '': { en: 'The request body must be an object', zh: '请求内容必须是对象' },
    });
  });
});

describe('field policy', () => {
  it('a hidden field is neither required nor accepted', () => {
    const policy = { hidden: ['coverImg'], required: [], readOnly: [] };
    const { coverImg: _, ...withoutCover } = validBanner;
    expect(validateCreate(banner, withoutCover, { policy }).ok).toBe(true);
    expect(messages(validateCreate(banner, validBanner, { policy }))).toEqual({
      coverImg: { en: 'Cover image is not used on this site', zh: '本站点不使用封面图' },
    });
  });

  it('a policy can make a field required, and a pair name covers both halves', () => {
    const policy = { hidden: [], required: ['remark', 'sizeHint'], readOnly: [] };
    expect(messages(validateCreate(banner, validBanner, { policy })).remark?.en).toBe('Remark is required');
    const hidden = { hidden: ['name'], required: [], readOnly: [] };
    // Both halves hidden: the either-rule no longer applies.
    expect(validateCreate(bannerPosition, { code: 'home' }, { policy: hidden }).ok).toBe(true);
  });

  it('read-only fields are accepted on update only with the stored value', () => {
    const policy = { hidden: [], required: [], readOnly: ['title'] };
    const current = { ...validBanner, status: 'enabled', clickNum: 4 };
    expect(
      validateUpdate(banner, { version: 1, title: 'Spring fair', status: 'enabled' }, { policy, current }),
    ).toEqual({
      ok: true,
      value: { version: 1 },
    });
    expect(
      messages(validateUpdate(banner, { version: 1, title: 'Autumn fair' }, { policy, current })),
    ).toEqual({
      title: { en: 'Title cannot be changed', zh: '标题不可修改' },
    });
    // A record as GET returns it: stamps, labels and computed counters are ignored, whatever their value.
    const read = {
      id: 9,
      createdAt: 'x',
      updatedAt: 'y',
      createdBy: null,
      updatedBy: 1,
      positionLabel: 'Home',
      clickNum: 99,
    };
    expect(validateUpdate(banner, { ...read, version: 2, title: 'New' }, { current })).toEqual({
      ok: true,
      value: { version: 2, title: 'New' },
    });
    expect(
      messages(validateUpdate(banner, { ...read, version: 2, colour: 'red' }, { current })).colour?.en,
    ).toBe('Unknown field: colour');
  });

  it('an optional field emptied on update takes its default; a required one is refused', () => {
    const withDefault = Object.entries(banner.fields).find(
      ([name, f]) => defaultOf(f) !== undefined && !f.required && !f.computed && name !== 'status',
    )!;
    for (const blank of [null, '', ' '])
      expect(validateUpdate(banner, { version: 1, [withDefault[0]]: blank })).toEqual({
        ok: true,
        value: { version: 1, [withDefault[0]]: defaultOf(withDefault[1]) },
      });
    expect(messages(validateUpdate(banner, { version: 1, title: ' ' })).title?.en).toBeDefined();
  });

  it('read-only fields are refused on update when not known unchanged, and accepted on create', () => {
    const policy = { hidden: [], required: [], readOnly: ['title'] };
    expect(validateCreate(banner, validBanner, { policy }).ok).toBe(true);
    expect(messages(validateUpdate(banner, { version: 1, title: 'New' }, { policy }))).toEqual({
      title: { en: 'Title cannot be changed', zh: '标题不可修改' },
    });
    expect(messages(validateUpdate(bannerPosition, { version: 1, code: 'other' })).code?.en).toBe(
      'Code cannot be changed',
    );
    expect(messages(validateUpdate(banner, { version: 1, status: 'disabled' })).status?.en).toBe(
      'Status cannot be changed',
    );
  });
});

describe('update schema', () => {
  it('is partial, takes the version when sent, and refuses clearing a required field', () => {
    expect(validateUpdate(banner, { version: 3, title: 'New' })).toEqual({
      ok: true,
      value: { version: 3, title: 'New' },
    });
    expect(validateUpdate(banner, { title: 'New' })).toEqual({ ok: true, value: { title: 'New' } });
    expect(messages(validateUpdate(banner, { version: 'x', title: 'New' })).version?.en).toBe(
      'The record version is required to save changes',
    );
    expect(messages(validateUpdate(banner, { version: 1, title: '' })).title?.en).toBe('Title is required');
    expect(validateUpdate(banner, { version: 1, remark: '' })).toEqual({
      ok: true,
      value: { version: 1, remark: null },
    });
  });

  it('checks a rule when the body holds all its fields', () => {
    const result = validateUpdate(banner, { version: 1, startDate: '2024-05-02', endDate: '2024-05-01' });
    expect(messages(result).endDate?.en).toBe('The end date cannot be before the start date');
    expect(validateUpdate(banner, { version: 1, endDate: '2024-05-01' }).ok).toBe(true);
  });

  it('builds bodies from form values with only what may be sent', () => {
    const values = { ...validBanner, id: 4, clickNum: 9, status: 'enabled', createdAt: 'x', remark: 'r' };
    expect(toUpdateBody(banner, values, { version: 2 })).toEqual({
      version: 2,
      title: 'Spring fair',
      coverImg: '/uploads/a.png',
      position: 1,
      remark: 'r',
    });
    expect(toCreateBody(banner, values)).not.toHaveProperty('clickNum');
    expect(toCreateBody(banner, values)).toHaveProperty('status', 'enabled');
  });
});

describe('other kinds', () => {
  const thing = defineEntity({
    name: 'thing',
    labels: { singular: t('Thing', '事物'), plural: t('Things', '事物') },
    permission: { menu: '/x' },
    defaultSort: { field: 'id', order: 'asc' },
    labelField: 'name',
    fields: {
      name: { kind: 'text', label: t('Name', '名称') },
      price: { kind: 'money', label: t('Price', '价格'), min: 0 },
      photos: {
        kind: 'images',
        label: t('Photos', '图片'),
        required: true,
        upload: { maxCount: 2, maxBytes: 1, types: ['image/png'] },
      },
      tags: { kind: 'tags', label: t('Tags', '标签'), maxCount: 2 },
      email: { kind: 'text', label: t('Email', '邮箱'), format: 'email' },
      when: { kind: 'datetime', label: t('When', '时间') },
      flag: { kind: 'boolean', label: t('Flag', '标记') },
      audit: auditStatus(),
    },
  });

  it('checks money scale, upload counts, tags, email, datetime and booleans', () => {
    const result = validateCreate(thing, {
      price: 1.234,
      photos: ['/a.png', '/b.png', '/c.png'],
      tags: ['a', 'b', 'c'],
      email: 'nope',
      when: '2024-05-01 10:00',
      flag: 'yes',
    });
    expect(messages(result)).toEqual({
      price: { en: 'Price allows at most 2 decimals', zh: '价格最多 2 位小数' },
      photos: {
        en: 'Photos: the current limit is exceeded (at most 2 files)',
        zh: '图片：已超出当前限额（最多 2 个文件）',
      },
      tags: { en: 'Tags allows at most 2 items', zh: '标签最多 2 项' },
      email: { en: 'Email must be an email address', zh: '邮箱必须是邮箱地址' },
      when: {
        en: 'When must be a date and time like 2024-05-31T09:30:00Z',
        zh: '时间必须是日期时间，例如 2024-05-31T09:30:00Z',
      },
      flag: { en: 'Flag must be yes or no', zh: '标记必须为是或否' },
    });
    expect(messages(validateCreate(thing, { photos: [] })).photos?.en).toBe('Please upload Photos');
    expect(
      validateCreate(thing, { price: 12.5, photos: ['/a.png'], when: '2024-05-01T10:00:00+08:00' }).ok,
    ).toBe(true);
  });

  it('validates an action input (a refusal needs its reason)', () => {
    const refuse = thing.actions.refuse!;
    const result = validateActionInput(thing, refuse, {});
    expect(result.ok ? {} : result.issues).toEqual([
      { path: 'reason', message: { en: 'Reason is required', zh: '请填写拒绝原因' } },
    ]);
    expect(validateActionInput(thing, refuse, { reason: 'Blurred logo' }).ok).toBe(true);
    expect(validateActionInput(thing, thing.actions.pass!, { extra: 1 }).ok).toBe(false);
  });
});

describe('record schema', () => {
  it('describes visible fields, relation labels and system fields', () => {
    const shape = recordSchema(banner, { policy: { hidden: ['remark'], required: [], readOnly: [] } }).shape;
    expect(Object.keys(shape)).toEqual(
      expect.arrayContaining(['id', 'version', 'position', 'positionLabel', 'deletedAt']),
    );
    expect(shape).not.toHaveProperty('remark');
  });

  it('is a plain zod object a JSON Schema can describe', () => {
    expect(() => createSchema(banner).parse(validBanner)).not.toThrow();
  });
});
