import { t } from './bilingual';
import { media } from './media';
import type {
  Bilingual,
  CommandInput,
  DateField,
  EnumField,
  LongTextField,
  NumberField,
  RelationField,
  StatusMachine,
  TextField,
} from './types';

// Named field kinds many entities share (their status fields and machines), so a definition names them
// instead of repeating options and transitions.

type EnumOverrides = Partial<Omit<EnumField, 'kind' | 'options' | 'machine'>> & { initial?: string };

function machineField(
  options: EnumField['options'],
  machine: StatusMachine,
  defaults: { label: Bilingual },
  overrides: EnumOverrides,
): EnumField {
  const { initial, ...rest } = overrides;
  return {
    kind: 'enum',
    label: defaults.label,
    options,
    machine: { ...machine, initial: initial ?? machine.initial },
    list: { sortable: false, filter: 'in', width: 110 },
    ...rest,
  };
}

/** Enable / disable (`POST /api/<entity>/enable/{id}`, `/disable/{id}`). */
export const enableStatus = (overrides: EnumOverrides = {}): EnumField =>
  machineField(
    [
      { value: 'enabled', label: t('Enabled', '启用'), color: 'success' },
      { value: 'disabled', label: t('Disabled', '禁用'), color: 'default' },
    ],
    {
      initial: 'enabled',
      actions: {
        enable: { label: t('Enable', '启用'), from: ['disabled'], to: 'enabled' },
        disable: {
          label: t('Disable', '禁用'),
          from: ['enabled'],
          to: 'disabled',
          confirm: t('Disable “{{label}}”?', '确定禁用“{{label}}”吗？'),
        },
      },
    },
    { label: t('Status', '状态') },
    overrides,
  );

/** Banners go online / offline (`displayStatus`). */
export const onlineStatus = (overrides: EnumOverrides = {}): EnumField =>
  machineField(
    [
      { value: 'online', label: t('Online', '上线'), color: 'processing' },
      { value: 'offline', label: t('Offline', '下线'), color: 'default' },
    ],
    {
      initial: 'offline',
      actions: {
        online: { label: t('Take online', '上线'), from: ['offline'], to: 'online' },
        offline: {
          label: t('Take offline', '下线'),
          from: ['online'],
          to: 'offline',
          confirm: t('Take “{{label}}” offline?', '确定下线“{{label}}”吗？'),
        },
      },
    },
    { label: t('Display status', '上下线状态') },
    overrides,
  );

/** Announcements and notices are effective / invalid. */
export const effectiveStatus = (overrides: EnumOverrides = {}): EnumField =>
  machineField(
    [
      { value: 'effective', label: t('Effective', '有效'), color: 'success' },
      { value: 'invalid', label: t('Invalid', '无效'), color: 'default' },
    ],
    {
      initial: 'effective',
      actions: {
        activate: { label: t('Make effective', '设为有效'), from: ['invalid'], to: 'effective' },
        invalidate: {
          label: t('Invalidate', '设为无效'),
          from: ['effective'],
          to: 'invalid',
          confirm: t('Make “{{label}}” invalid?', '确定将“{{label}}”设为无效吗？'),
        },
      },
    },
    { label: t('Status', '状态') },
    overrides,
  );

/** Audit: to audit (pending) → passed or refused; a refused record returns to pending when resubmitted,
 * or is passed directly by staff.
 * `refuse` needs a reason. `assign` names the fields that record the decision: who (`auditor`: the user id,
 * `auditorAccount`: the account), when (`time`) and the reason (`reason`, emptied by a pass). */
export const auditStatus = (
  overrides: EnumOverrides & {
    assign?: { reason?: string; auditor?: string; auditorAccount?: string; time?: string };
  } = {},
): EnumField => {
  const { assign = {}, ...rest } = overrides;
  const decision = {
    ...(assign.auditor ? { [assign.auditor]: { from: 'actor' as const } } : {}),
    ...(assign.auditorAccount ? { [assign.auditorAccount]: { from: 'actorAccount' as const } } : {}),
    ...(assign.time ? { [assign.time]: { from: 'now' as const } } : {}),
  };
  return machineField(
    [
      { value: 'pending', label: t('To audit', '待审核'), color: 'warning' },
      { value: 'refused', label: t('Refused', '已拒绝'), color: 'error' },
      { value: 'passed', label: t('Passed', '已通过'), color: 'success' },
    ],
    {
      initial: 'pending',
      actions: {
        // staff may pass a refused record directly (the decision is recorded like any pass), without first
        // resubmitting it on the supplier's behalf
        pass: {
          label: t('Pass', '通过'),
          from: ['pending', 'refused'],
          to: 'passed',
          confirm: t('Pass the audit of “{{label}}”?', '确定审核通过“{{label}}”吗？'),
          assign: { ...decision, ...(assign.reason ? { [assign.reason]: { from: 'clear' as const } } : {}) },
        },
        refuse: {
          label: t('Refuse', '拒绝'),
          from: ['pending'],
          to: 'refused',
          input: {
            reason: { kind: 'longText', label: t('Reason', '拒绝原因'), required: true, maxLength: 500 },
          },
          assign: {
            ...decision,
            ...(assign.reason ? { [assign.reason]: { from: 'input' as const, key: 'reason' } } : {}),
          },
        },
        resubmit: { label: t('Resubmit', '重新提交'), from: ['refused'], to: 'pending' },
      },
    },
    { label: t('Audit status', '审核状态') },
    { actionOnly: true, ...rest },
  );
};

type DecisionOverrides<F> = Partial<Omit<F, 'kind' | 'actionOnly'>>;

/** What an audit decision records beside its status: the remark (a refusal's reason), who decided and when.
 * Shown, written only by the audit actions (`assign` of `auditStatus`). */
export const auditDecision = {
  remark: (overrides: DecisionOverrides<LongTextField> = {}): LongTextField => ({
    kind: 'longText',
    label: t('Audit remark', '审核意见'),
    maxLength: 500,
    computed: true,
    actionOnly: true,
    ...overrides,
  }),
  by: (overrides: DecisionOverrides<TextField> = {}): TextField => ({
    kind: 'text',
    label: t('Audited by', '审核人'),
    maxLength: 64,
    computed: true,
    actionOnly: true,
    ...overrides,
  }),
  at: (overrides: DecisionOverrides<DateField> = {}): DateField => ({
    kind: 'datetime',
    label: t('Audited at', '审核时间'),
    computed: true,
    actionOnly: true,
    ...overrides,
  }),
};

/** The audit status as the audited entity itself keeps it (its view carries the machine): shown,
 * filtered, never written by the entity's own routes; an edit of a refused record resubmits it. */
export const auditState = (overrides: Partial<Omit<EnumField, 'kind' | 'options'>> = {}): EnumField => {
  const { machine: _, ...field } = auditStatus();
  return {
    ...field,
    computed: true,
    default: 'pending',
    onEdit: { from: ['refused'], to: 'pending' },
    ...overrides,
  };
};

/** Sort weight: higher numbers rank later. */
export const sortNo = (overrides: Partial<Omit<NumberField, 'kind'>> = {}): NumberField => ({
  kind: 'integer',
  label: t('Sort weight', '排序'),
  min: 0,
  max: 999999,
  default: 0,
  list: { sortable: true, width: 90 },
  form: { help: t('Higher numbers rank later', '数值越大越靠后') },
  ...overrides,
});

/** A counter the server maintains (clicks, shares, collects): shown, never written through the API. */
export const counter = (
  label: Bilingual,
  overrides: Partial<Omit<NumberField, 'kind'>> = {},
): NumberField => ({
  kind: 'integer',
  label,
  min: 0,
  default: 0,
  computed: true,
  list: { sortable: true, width: 100 },
  ...overrides,
});

/** The fields an audited entity keeps its audit in, by their names on that entity (they differ: a product's
 * remark is `auditRemark`, a company's `auditReason`). */
export type AuditFieldNames = { status: string; remark: string; by: string; at: string };

type AuditFields<N extends AuditFieldNames> = { [K in N['status']]: EnumField } & {
  [K in N['remark']]: LongTextField;
} & { [K in N['by']]: TextField } & { [K in N['at']]: DateField };

/** The pass / refuse machine of an audit whose decision is recorded in the named fields: the account that
 * decided, when, and the refusal's reason. */
export const auditMachine = (names: AuditFieldNames, overrides: EnumOverrides = {}): EnumField =>
  auditStatus({
    assign: { reason: names.remark, auditorAccount: names.by, time: names.at },
    list: { filter: 'in', width: 110 },
    ...overrides,
  });

/**
 * An entity's audit in one declaration: its status, and the remark, account and time of the last decision.
 * The decisions are taken either on the entity's own records (`decidedOn: 'record'`: the status carries the
 * pass / refuse machine, `POST /api/<entity>/pass/{id}`) or on a view over them (`'view'`: the entity only
 * shows the status, and the view declares `auditMachine` with the same names). `onEdit`: which edits send a
 * decided record back to the audit.
 */
export function auditFields<const N extends AuditFieldNames>(
  names: N,
  options: { decidedOn: 'record' | 'view'; onEdit?: EnumField['onEdit'] },
): AuditFields<N> {
  const status =
    options.decidedOn === 'record'
      ? auditMachine(names, options.onEdit ? { onEdit: options.onEdit } : {})
      : auditState({
          list: { filter: 'in', width: 110 },
          ...(options.onEdit ? { onEdit: options.onEdit } : {}),
        });
  return {
    [names.status]: status,
    [names.remark]: auditDecision.remark(),
    [names.by]: auditDecision.by(),
    [names.at]: auditDecision.at(),
  } as AuditFields<N>;
}

/** 1 | 2 | … | N. */
type UpTo<N extends number, Acc extends number[] = [0]> = Acc['length'] extends N
  ? Acc['length']
  : Acc['length'] | UpTo<N, [...Acc, 0]>;

type NumberedTexts<P extends string, N extends number> = { [K in `${P}${UpTo<N>}`]: TextField };

/** Free-text parameters numbered from 1 (`arg1` … `arg6`), each labelled with its number: the spec's open
 * parameter slots of a product. */
export function numberedTexts<const P extends string, const N extends number>(
  prefix: P,
  count: N,
  label: Bilingual,
  overrides: Partial<Omit<TextField, 'kind' | 'label'>> = {},
): NumberedTexts<P, N> {
  const out: Record<string, TextField> = {};
  for (let n = 1; n <= count; n++)
    out[`${prefix}${n}`] = { kind: 'text', label: t(`${label.en} ${n}`, `${label.zh} ${n}`), ...overrides };
  return out as NumberedTexts<P, N>;
}

/** The state of the company or product a record points at (a sub-activity's, an advertising object's), worked
 * out when the record is read, since the target changes after the record is written: `ok`, or why the
 * marketplace will not show it (disabled, refused or still in audit, deleted). Empty when nothing is picked. */
export const targetState = (overrides: Partial<Omit<EnumField, 'kind' | 'options'>> = {}): EnumField => ({
  kind: 'enum',
  label: t('Target state', '目标状态'),
  options: [
    { value: 'ok', label: t('Shown', '正常'), color: 'success' },
    { value: 'disabled', label: t('Disabled', '已禁用'), color: 'warning' },
    { value: 'unpublished', label: t('Not passed audit', '未通过审核'), color: 'warning' },
    { value: 'deleted', label: t('Deleted', '已删除'), color: 'error' },
  ],
  computed: true,
  list: { width: 120 },
  ...overrides,
});

/** The company or product a record of a kind points at (a sub-activity's, an advertising object's): required for
 * the kinds named in `types` and absent for the others, picked by name. */
export const targetRelation = (
  to: 'company' | 'product',
  types: readonly string[],
  width: number,
): RelationField => ({
  kind: 'relation',
  label: to === 'company' ? t('Company', '企业') : t('Product', '产品'),
  to,
  labelField: 'name',
  required: true,
  onlyWhen: { field: 'type', in: [...types] },
  list: { filter: 'eq', width },
});

/** A reply on a record's form (a consult's, a chat conversation's): its text and up to `maxImages` JPG/PNG images
 * in the field the product's API names (`images`, `attachments`). The module that owns the thread supplies the
 * handler. */
export const replyCommand = (input: {
  maxLength: number;
  imagesField: string;
  maxImages: number;
}): CommandInput => ({
  label: t('Reply', '回复'),
  target: 'record',
  placement: ['form'],
  input: {
    content: { kind: 'longText', label: t('Reply', '回复内容'), required: true, maxLength: input.maxLength },
    [input.imagesField]: media.images(t('Images', '图片'), { maxCount: input.maxImages }),
  },
});
