import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../config/constants';
import { t } from './bilingual';
import { defineEntity, defineView } from './define-entity';
import { formLayout, listColumns } from './descriptors';
import { inGroup } from './layout';
import { media } from './media';
import { auditFields, auditMachine, numberedTexts } from './presets';

const base = {
  name: 'sample_thing',
  labels: { singular: t('Thing', '事物'), plural: t('Things', '事物') },
  permission: { menu: '/x/x_list' },
  defaultSort: { field: 'createdAt' as const, order: 'desc' as const },
  labelField: 'name' as const,
};
const text = (en: string) => ({ kind: 'text' as const, label: t(en, en), maxLength: 50 });

describe('groups that own their fields', () => {
  const groups = { main: { label: t('Main', '基本') }, more: { label: t('More', '更多') } };

  it('puts each field declared in a group into it, keeping help and widget, in declared order', () => {
    const def = defineEntity({
      ...base,
      groups,
      fields: {
        ...inGroup('main', {
          name: text('Name'),
          code: { ...text('Code'), form: { help: t('Help', '说明') } },
        }),
        ...inGroup('more', { note: text('Note') }),
      },
    });
    expect(def.fields.code?.form).toEqual({ group: 'main', help: t('Help', '说明') });
    const layout = formLayout(def, { mode: 'add' });
    expect(layout.map((g) => [g.key, g.fields.map((f) => f.name)])).toEqual([
      ['main', ['name', 'code']],
      ['more', ['note']],
    ]);
  });

  it('refuses a field that names another group, and a group the entity does not declare', () => {
    expect(() => inGroup('main', { name: { ...text('Name'), form: { group: 'more' } } })).toThrow(
      /group "more"/,
    );
    expect(() => defineEntity({ ...base, groups, fields: inGroup('other', { name: text('Name') }) })).toThrow(
      /unknown group "other"/,
    );
  });
});

describe('entity-level default columns', () => {
  it('shows only the named columns by default; the others stay in the column settings', () => {
    const def = defineEntity({
      ...base,
      defaultColumns: ['name'],
      fields: { name: text('Name'), code: { ...text('Code'), list: { width: 90, filter: 'eq' } } },
    });
    const shown = Object.fromEntries(listColumns(def).map((c) => [c.name, c.isShownByDefault]));
    expect(shown).toMatchObject({ name: true, code: false });
    expect(def.fields.code?.list).toEqual({ width: 90, filter: 'eq', shown: false });
  });

  it('refuses an unknown column and a field that decides its own visibility beside them', () => {
    expect(() =>
      defineEntity({ ...base, defaultColumns: ['nope' as 'name'], fields: { name: text('Name') } }),
    ).toThrow(/default column "nope"/);
    expect(() =>
      defineEntity({
        ...base,
        defaultColumns: ['name'],
        fields: { name: text('Name'), code: { ...text('Code'), list: { shown: true } } },
      }),
    ).toThrow(/code: says list.shown/);
  });
});

describe('field presets', () => {
  it('numbers free-text parameters from 1 with numbered labels in both languages', () => {
    const args = numberedTexts('arg', 3, t('Parameter', '参数'), { maxLength: 200 });
    expect(Object.keys(args)).toEqual(['arg1', 'arg2', 'arg3']);
    expect(args.arg3).toEqual({ kind: 'text', label: t('Parameter 3', '参数 3'), maxLength: 200 });
  });

  it('gives upload fields the deployment limits, with the size hint and count the definition names', () => {
    expect(media.image(t('Logo', '标志'), { sizeHint: '64x64', required: true })).toEqual({
      kind: 'image',
      label: t('Logo', '标志'),
      required: true,
      upload: {
        maxCount: 1,
        maxBytes: IMAGE_MAX_BYTES,
        types: ['image/png', 'image/jpeg'],
        sizeHint: '64x64',
      },
    });
    expect(media.images(t('Images', '图片'), { maxCount: 3 }).upload.maxCount).toBe(3);
    expect(media.video(t('Video', '视频')).upload).toMatchObject({ maxCount: 1, maxBytes: VIDEO_MAX_BYTES });
    expect(media.attachments(t('Files', '附件')).upload.types).toContain('application/pdf');
  });

  const names = { status: 'auditStatus', remark: 'auditNote', by: 'auditBy', at: 'auditAt' } as const;

  it('declares an audit decided on the record: the machine records who, when and why in the named fields', () => {
    const def = defineEntity({
      ...base,
      fields: { name: text('Name'), ...auditFields(names, { decidedOn: 'record' }) },
    });
    expect(Object.keys(def.fields)).toEqual(['name', 'auditStatus', 'auditNote', 'auditBy', 'auditAt']);
    expect(def.actions.refuse?.assign).toEqual({
      auditBy: { from: 'actorAccount' },
      auditAt: { from: 'now' },
      auditNote: { from: 'input', key: 'reason' },
    });
    expect(def.actions.pass?.assign?.auditNote).toEqual({ from: 'clear' });
  });

  it('declares an audit decided on a view: the entity shows the status, the view carries the same machine', () => {
    const def = defineEntity({
      ...base,
      fields: { name: text('Name'), ...auditFields(names, { decidedOn: 'view' }) },
    });
    expect(def.actions).toEqual({});
    expect(def.fields.auditStatus).toMatchObject({
      computed: true,
      onEdit: { from: ['refused'], to: 'pending' },
    });
    const queue = defineView(def, {
      name: 'sample_audit',
      labels: base.labels,
      permission: { menu: '/x/audit_list' },
      pick: 'all',
      override: { auditStatus: auditMachine(names) },
    });
    expect(Object.keys(queue.actions).sort()).toEqual(['pass', 'refuse', 'resubmit']);
    expect(queue.actions.pass?.assign).toMatchObject({ auditBy: { from: 'actorAccount' } });
  });
});
