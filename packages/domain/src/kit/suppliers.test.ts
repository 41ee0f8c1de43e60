import { describe, expect, it } from 'vitest';
import { company } from '../entities/company';
import { companyAudit } from '../entities/company-audit';
import { customerService } from '../entities/customer-service';
import { t } from './bilingual';
import { defineEntity, defineView } from './define-entity';
import { formLayout, listColumns } from './descriptors';
import { resolveFields } from './policy';
import { enableStatus } from './presets';
import { recordSchema } from './schemas';
import { validateCreate, validateUpdate } from './validate';

// What the kit learned for the suppliers: views, inherited fields, derived fields, exclusive flags, passwords and
// virtual fields, organiser-only fields, row scope and quotas.

const base = {
  labels: { singular: t('Thing', '事物'), plural: t('Things', '事物') },
  permission: { menu: '/x/x_list' },
  defaultSort: { field: 'createdAt' as const, order: 'desc' as const },
};

describe('views', () => {
  it('pick the base’s fields, keep its table, search and scope, and write nothing but their actions', () => {
    expect(companyAudit).toMatchObject({ source: 'company', table: 'company', scope: { field: 'id' } });
    expect(companyAudit.search).toEqual(company.search);
    expect(Object.keys(companyAudit.fields)).not.toContain('password');
    expect(Object.keys(companyAudit.actions)).toEqual(['pass', 'refuse', 'resubmit']);
    expect(Object.keys(company.actions)).toEqual(['enable', 'disable']);
    const states = resolveFields(companyAudit);
    expect(states.filter((s) => s.isCreatable || s.isEditable)).toEqual([]);
    expect(states.find((s) => s.name === 'auditStatus')?.isStatus).toBe(true);
    expect(companyAudit.actions.refuse?.assign).toEqual({
      auditedBy: { from: 'actorAccount' },
      auditedAt: { from: 'now' },
      auditReason: { from: 'input', key: 'reason' },
    });
  });

  it('refuse overrides that change a field’s kind, and views of views', () => {
    const thing = defineEntity({
      ...base,
      name: 'thing',
      fields: { name: { kind: 'text', label: t('N', 'N') }, status: enableStatus() },
      labelField: 'name',
    });
    const view = {
      name: 'thing_view',
      labels: base.labels,
      permission: { menu: '/x/y' },
      pick: 'all' as const,
    };
    expect(() =>
      defineView(thing, { ...view, override: { name: { kind: 'longText', label: t('N', 'N') } } }),
    ).toThrow(/keep the kind/);
    expect(() => defineView(defineView(thing, view), { ...view, name: 'again' })).toThrow(/another view/);
    expect(() => defineView(thing, { ...view, pick: ['nope'] })).toThrow(/not a field/);
  });
});

describe('field options', () => {
  it('checks inherit, derive and exclusive when the definition loads', () => {
    const name = { kind: 'text', label: t('N', 'N') } as const;
    expect(() =>
      defineEntity({
        ...base,
        name: 'a',
        fields: { name, limit: { kind: 'integer', label: t('L', 'L'), inherit: { via: 'name' } } },
        labelField: 'name',
      }),
    ).toThrow(/not a relation/);
    expect(() =>
      defineEntity({
        ...base,
        name: 'a',
        fields: {
          name,
          done: { kind: 'boolean', label: t('D', 'D'), derive: { kind: 'filled', fields: 'required' } },
        },
        labelField: 'name',
      }),
    ).toThrow(/must be computed/);
    expect(() =>
      defineEntity({
        ...base,
        name: 'a',
        fields: { name, main: { kind: 'boolean', label: t('M', 'M'), exclusive: { per: 'owner' } } },
        labelField: 'name',
      }),
    ).toThrow(/exclusive per unknown field/);
    expect(() =>
      defineEntity({
        ...base,
        name: 'a',
        fields: { name },
        labelField: 'name',
        quotas: [
          {
            key: 'companyVideo',
            counts: 'records',
            limit: { entity: 'company', field: 'companyVideoLimit' },
          },
        ],
      }),
    ).toThrow(/needs the entity's scope/);
  });

  it('inherited fields have no default, so empty means “as the package says”', () => {
    expect(company.fields.enableConsult).toMatchObject({ kind: 'boolean', inherit: { via: 'vipPackageId' } });
    const body = validateCreate(company, {}).ok;
    expect(body).toBe(false);
    const columns = listColumns(company);
    expect(columns.find((c) => c.name === 'password')).toBeUndefined();
    const form = formLayout(company, { mode: 'edit' }).flatMap((g) => g.fields);
    expect(form.find((f) => f.name === 'companyVideoLimit')).toMatchObject({
      inherit: { via: 'vipPackageId', entity: 'vip_package', field: 'companyVideoLimit' },
      isOrganiserOnly: true,
    });
    expect(form.find((f) => f.name === 'password')).toMatchObject({ widget: 'password', isSecret: true });
    expect(form.find((f) => f.name === 'isPublic')?.isDisabled).toBe(true);
    const shape = recordSchema(company).shape as Record<string, unknown>;
    expect(shape).not.toHaveProperty('password');
    expect(shape).toHaveProperty('effective');
  });

  it('passwords: letters and digits on create; empty on update means unchanged', () => {
    const body = { name: 'Amy', companyId: 1 };
    const weak = validateCreate(customerService, { ...body, password: 'abcdefgh' });
    expect(weak.ok ? [] : weak.issues).toEqual([
      {
        path: 'password',
        message: {
          en: 'IM password needs at least 8 characters, with letters and digits',
          zh: '客服登录密码至少 8 位，且须同时包含字母和数字',
        },
      },
    ]);
    expect(validateCreate(customerService, { ...body, password: 'abcd1234' }).ok).toBe(true);
    const kept = validateUpdate(customerService, { version: 1, password: '' });
    expect(kept).toEqual({ ok: true, value: { version: 1, password: null } });
  });
});
