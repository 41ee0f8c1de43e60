import {
  type EntityRecord,
  type FormFieldDescriptor,
  getEntity,
  MONEY_CURRENCY,
  MONEY_SYMBOL,
} from '@organiser/domain';
import { DatePicker, Form, Input, InputNumber, Switch } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import type { TreeRecord } from '../../api/entity-api';
import { Select } from '../../components/select-clear';
import type { EngineT } from '../../messages';
import { DictSelect } from '../../widgets/dict-select';
import { DynamicFormSection, useFormGroups } from '../../widgets/dynamic-form';
import { FormOptionsEditor } from '../../widgets/form-options-editor';
import { JsonInput } from '../../widgets/json-input';
import { JsonPartsInput } from '../../widgets/json-parts-input';
import { lengthCount } from '../../widgets/length-count';
import { PermissionTreeInput } from '../../widgets/permission-tree/permission-tree-input';
import { PhoneInput } from '../../widgets/phone-input';
import { AreaCascader, CHINA, CountrySelect } from '../../widgets/region-select';
import { RelationSelect } from '../../widgets/relation-select';
import { RichTextEditor } from '../../widgets/rich-text/rich-text-editor';
import { EntityTreeSelect, type TreeLevel, useEntityTree } from '../../widgets/tree-select';
import { type Attachment, FileUpload } from '../../widgets/upload/file-upload';
import { ImageUpload } from '../../widgets/upload/image-upload';
import { VideoUpload } from '../../widgets/upload/video-upload';
import type { EntityMeta } from '../entity-meta';
import { BilingualInput } from './bilingual-input';
import { InheritedFlagSelect, type InheritedValue } from './inherited-value';

// The form control of each widget, as a render function of one field's context (FieldControl resolves the
// context once: label, placeholder, the props every control shares).

export type ControlContext = {
  field: FormFieldDescriptor;
  meta: EntityMeta;
  record?: EntityRecord;
  /** The recommended image size (may follow a related record). */
  sizeHint?: string;
  /** An inherited field's value in force (a company's limits fall back to its package's). */
  inherited?: InheritedValue | null;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** What every control takes: the form item's id, disabled, and the invalid mark. */
  common: { id?: string; disabled?: boolean; 'aria-invalid'?: boolean };
  label: string;
  placeholder?: string;
  t: EngineT;
};

export type ControlRenderer = (c: ControlContext) => ReactNode;

const text = (value: unknown) => (value as string | null) ?? '';

/** A text input with a keyboard hint, not type=email/url: the browser's own validation bubble would show beside
 * the form's message (the form checks the format itself, in the user's language). */
export const textControl: ControlRenderer = ({ field, common, value, onChange, placeholder }) => (
  <Input
    {...common}
    type="text"
    inputMode={
      field.format === 'email'
        ? 'email'
        : field.format === 'url'
          ? 'url'
          : field.format === 'phone' || field.format === 'mobile'
            ? 'tel'
            : undefined
    }
    value={text(value)}
    onChange={(e) => onChange?.(e.target.value)}
    {...lengthCount(field.maxLength)}
    placeholder={placeholder}
    autoComplete="off"
  />
);

export const bilingualControl: ControlRenderer = ({ field, common, value, onChange, placeholder }) => (
  <BilingualInput
    {...common}
    lang={field.pair?.lang ?? 'en'}
    value={text(value)}
    onChange={(v) => onChange?.(v)}
    {...lengthCount(field.maxLength)}
    placeholder={placeholder}
  />
);

export const textareaControl: ControlRenderer = ({ field, common, value, onChange, placeholder }) => (
  <Input.TextArea
    {...common}
    value={text(value)}
    onChange={(e) => onChange?.(e.target.value)}
    autoSize={{ minRows: 3, maxRows: 10 }}
    {...lengthCount(field.maxLength)}
    placeholder={placeholder}
  />
);

export const richTextControl: ControlRenderer = ({ field, common, value, onChange, label }) => (
  <RichTextEditor
    {...common}
    label={label}
    value={value as string | null}
    onChange={onChange}
    maxLength={field.maxLength}
  />
);

/** A number; an amount says its currency (the list cell and the export say it too). */
export const numberControl: ControlRenderer = ({ field, common, value, onChange, placeholder }) => (
  <InputNumber<number>
    {...common}
    prefix={field.widget === 'money' ? MONEY_SYMBOL : undefined}
    aria-description={field.widget === 'money' ? MONEY_CURRENCY : undefined}
    value={(value as number | null) ?? null}
    onChange={(v) => onChange?.(v ?? null)}
    min={field.min}
    max={field.max}
    precision={field.scale}
    step={field.scale ? 10 ** -field.scale : 1}
    placeholder={placeholder}
    style={{ width: '100%' }}
  />
);

/** A flag; an inherited one offers "as the related record says" besides yes and no. */
export const switchControl: ControlRenderer = ({ field, meta, common, value, onChange, inherited }) =>
  field.inherit ? (
    <InheritedFlagSelect
      {...common}
      field={field}
      lang={meta.lang}
      value={value as boolean | null}
      onChange={onChange}
      relatedValue={inherited?.relatedValue}
    />
  ) : (
    <Switch
      id={common.id}
      disabled={common.disabled}
      checked={Boolean(value)}
      onChange={(v) => onChange?.(v)}
    />
  );

/** A new secret: browsers must not fill in the signed-in user's own password; empty on edit keeps it. */
export const passwordControl: ControlRenderer = ({ common, value, onChange, placeholder, record, t }) => (
  <Input.Password
    {...common}
    value={text(value)}
    onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    autoComplete="new-password"
    placeholder={placeholder ?? (record ? t('form.passwordKeep') : undefined)}
  />
);

export const phoneControl: ControlRenderer = ({ field, common, value, onChange, label }) => (
  <PhoneInput
    {...common}
    label={label}
    value={value as string | null}
    onChange={onChange}
    maxLength={field.maxLength}
  />
);

export const countryControl: ControlRenderer = ({ field, common, value, onChange }) => (
  <CountrySelect
    {...common}
    allowClear={!field.isRequired}
    value={value as string | null}
    onChange={onChange}
  />
);

export const areaControl: ControlRenderer = ({ meta, common, value, onChange }) => (
  <RegionAreaControl {...common} meta={meta} value={value as string | null} onChange={onChange} />
);

export const selectControl: ControlRenderer = ({ field, meta, common, value, onChange, placeholder, t }) => (
  <Select
    {...common}
    value={(value as string | null) ?? undefined}
    onChange={(v) => onChange?.(v ?? null)}
    options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label[meta.lang] }))}
    allowClear={!field.isRequired}
    placeholder={placeholder ?? t('form.choose')}
  />
);

export const dictControl: ControlRenderer = ({ field, meta, common, value, onChange, placeholder, t }) => (
  <DictSelect
    {...common}
    dict={field.dict}
    lang={meta.lang}
    isMultiple={field.isMultiple}
    maxCount={field.max}
    value={(value as string | string[] | null) ?? null}
    onChange={(v) => onChange?.(v)}
    allowClear={!field.isRequired}
    placeholder={
      placeholder ??
      (field.isMultiple && field.max ? t('form.maxChoices', { max: field.max }) : t('form.choose'))
    }
  />
);

export const tagsControl: ControlRenderer = ({ field, meta, common, value, onChange, placeholder, t }) =>
  field.options ? (
    // a list of declared values: chosen, never typed
    <Select
      {...common}
      mode="multiple"
      value={(value as string[] | null) ?? []}
      onChange={(v) => onChange?.(v)}
      options={field.options.map((o) => ({ value: o.value, label: o.label[meta.lang] }))}
      maxCount={field.max}
      placeholder={placeholder ?? t('form.choose')}
    />
  ) : (
    <Select
      {...common}
      mode="tags"
      value={(value as string[] | null) ?? []}
      onChange={(v) => onChange?.(v)}
      maxCount={field.max}
      tokenSeparators={[',', '，']}
      open={false}
      suffixIcon={null}
      placeholder={field.max ? t('form.maxChoices', { max: field.max }) : placeholder}
    />
  );

export const dateControl: ControlRenderer = ({ field, common, value, onChange }) => (
  <DatePicker
    {...common}
    value={value as never}
    onChange={(v) => onChange?.(v)}
    showTime={field.widget === 'datetime'}
    style={{ width: '100%' }}
  />
);

export const imageControl: ControlRenderer = ({ field, common, value, onChange, sizeHint, label }) => (
  <ImageUpload
    id={common.id}
    disabled={common.disabled}
    isMultiple={field.kind === 'images'}
    value={value as string | string[] | null}
    onChange={onChange}
    rule={field.upload!}
    sizeHint={sizeHint}
    label={label}
  />
);

export const videoControl: ControlRenderer = ({ field, common, value, onChange, sizeHint, label }) => (
  <VideoUpload
    id={common.id}
    disabled={common.disabled}
    value={value as string | null}
    onChange={onChange}
    rule={field.upload!}
    sizeHint={sizeHint}
    label={label}
  />
);

export const fileControl: ControlRenderer = ({ field, common, value, onChange, label }) => (
  <FileUpload
    id={common.id}
    disabled={common.disabled}
    value={value as Attachment[] | null}
    onChange={onChange}
    rule={field.upload!}
    label={label}
  />
);

/** The labels a record already carries for its related ids (`<field>Label` / `<field>Labels`). */
function knownLabels(field: FormFieldDescriptor, record?: EntityRecord): Record<number, string> {
  const initial: Record<number, string> = {};
  if (!record) return initial;
  const ids = record[field.name];
  const names = field.relation?.isMultiple ? record[`${field.name}Labels`] : [record[`${field.name}Label`]];
  const list = Array.isArray(ids) ? ids : ids === null || ids === undefined ? [] : [ids];
  list.forEach((v, i) => {
    const name = Array.isArray(names) ? names[i] : undefined;
    if (typeof v === 'number' && typeof name === 'string') initial[v] = name;
  });
  return initial;
}

/** The record of a tree with this id, at any depth. */
function findNode(nodes: TreeRecord[], id: number): TreeRecord | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = node.children?.length ? findNode(node.children, id) : undefined;
    if (below) return below;
  }
  return undefined;
}

/**
 * A node of a related tree. A field limited to top-level nodes offers only those; a field that must sit under
 * another field's choice (a product's sub-category under its category) offers only that node's children, and
 * is emptied when that choice changes.
 */
function RelatedTreeSelect({ field, common, value, onChange, placeholder }: ControlContext) {
  const relation = field.relation!;
  const form = Form.useFormInstance();
  // a field that depends on no other watches a name no form holds
  const parent = Form.useWatch(relation.under ?? '$none', form) as number | null | undefined;
  const parentId = relation.under ? (parent ?? null) : undefined;
  const tree = useEntityTree(relation.entity);
  // a choice that is not under the chosen parent (the parent changed) is emptied; one that is stays
  useEffect(() => {
    if (parentId === undefined || typeof value !== 'number' || !tree.data) return;
    const chosen = findNode(tree.data.list, value);
    const parentField = getEntity(relation.entity)?.tree;
    if (chosen && parentField && (chosen[parentField] ?? null) !== parentId) onChange?.(null);
  }, [parentId, value, onChange, tree.data, relation.entity]);
  const level = useMemo<TreeLevel | undefined>(
    () => (relation.isTopLevel ? { roots: true } : parentId !== undefined ? { under: parentId } : undefined),
    [relation.isTopLevel, parentId],
  );
  return (
    <EntityTreeSelect
      {...common}
      entity={relation.entity}
      level={level}
      isMultiple={relation.isMultiple}
      maxCount={relation.maxCount}
      value={value as number | number[] | null}
      onChange={onChange}
      placeholder={placeholder}
    />
  );
}

/** Related records; a related entity that is a tree (a company's categories) is picked in the tree. */
export const relationControl: ControlRenderer = (context) => {
  const { field, record, common, value, onChange, placeholder } = context;
  const relation = field.relation!;
  if (getEntity(relation.entity)?.tree) return <RelatedTreeSelect {...context} />;
  return (
    <RelationSelect
      id={common.id}
      disabled={common.disabled}
      entity={relation.entity}
      isMultiple={relation.isMultiple}
      maxCount={relation.maxCount}
      value={value as number | number[] | null}
      onChange={onChange}
      initialLabels={knownLabels(field, record)}
      placeholder={placeholder}
    />
  );
};

/** A parent in its own tree: the record itself and its descendants cannot be chosen. */
export const treeControl: ControlRenderer = ({
  field,
  meta,
  record,
  common,
  value,
  onChange,
  placeholder,
}) => (
  <EntityTreeSelect
    {...common}
    entity={field.relation!.entity}
    selfId={field.relation!.entity === meta.def.name ? record?.id : undefined}
    value={value as number | null}
    onChange={onChange}
    placeholder={placeholder}
  />
);

/** JSON as text; an object of declared parts as one input per part. */
export const jsonControl: ControlRenderer = ({ field, meta, common, value, onChange }) =>
  field.parts ? (
    <JsonPartsInput {...common} parts={field.parts} lang={meta.lang} value={value} onChange={onChange} />
  ) : (
    <JsonInput id={common.id} disabled={common.disabled} value={value} onChange={onChange} />
  );

/** The options of a dynamic form's choice input: value and both labels per row. */
export const formOptionsControl: ControlRenderer = ({ common, value, onChange }) => (
  <FormOptionsEditor
    id={common.id}
    disabled={common.disabled}
    value={value as never}
    onChange={(v) => onChange?.(v)}
  />
);

/** A dynamic form: the inputs of the group the record's group field names (watched on the form). */
function DynamicFormControl({ field, meta, record, common, value, onChange }: ControlContext) {
  const def = meta.def.fields[field.name];
  const groupField = def?.kind === 'dynamicForm' ? def.groupField : '__noGroup__';
  const groupCode = Form.useWatch(groupField, Form.useFormInstance()) as string | null | undefined;
  return (
    <DynamicFormSection
      id={common.id}
      name={field.name}
      category={def?.kind === 'dynamicForm' ? def.category : ''}
      groupCode={typeof groupCode === 'string' ? groupCode.trim() : null}
      lang={meta.lang}
      value={value as Record<string, unknown> | null}
      onChange={(v) => onChange?.(v)}
      disabled={common.disabled}
      storedIssues={record?.formIssues as { path: string; message: string }[] | undefined}
    />
  );
}

export const dynamicFormControl: ControlRenderer = (c) => <DynamicFormControl {...c} />;

/** The field naming a dynamic form's group (widget `dynamicFormGroup`): a choice of the category's groups that
 * have enabled inputs; a stored code no group has any more still shows, as itself. */
function DynamicFormGroupControl({ field, meta, common, value, onChange, placeholder, t }: ControlContext) {
  const [ownerName, owner] =
    Object.entries(meta.def.fields).find(
      ([, f]) => f.kind === 'dynamicForm' && f.groupField === field.name,
    ) ?? [];
  const { data, isLoading } = useFormGroups(owner?.kind === 'dynamicForm' ? owner.category : undefined);
  const form = Form.useFormInstance();
  const options = (data ?? []).map((g) => ({
    value: g.groupCode,
    label: `${g.groupCode} (${t('form.formGroupInputs', { count: g.inputs })})`,
  }));
  const current = (value as string | null) ?? undefined;
  if (current && data && !options.some((o) => o.value === current))
    options.push({ value: current, label: current });
  return (
    <Select
      {...common}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      value={current}
      onChange={(v) => {
        const chosen = (v as string | undefined) ?? null;
        // no group, no values: the server refuses values without their group
        if (!chosen && ownerName) form.setFieldValue(ownerName, null);
        onChange?.(chosen);
      }}
      options={options}
      allowClear={!field.isRequired}
      placeholder={placeholder ?? t('form.choose')}
    />
  );
}

export const dynamicFormGroupControl: ControlRenderer = (c) => <DynamicFormGroupControl {...c} />;

/** The province / city of China beside the form's country field (widget `regionCountry`), when it has one. */
function RegionAreaControl({
  meta,
  ...props
}: {
  id?: string;
  meta: EntityMeta;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}) {
  const form = Form.useFormInstance();
  const countryField = Object.entries(meta.def.fields).find(
    ([, f]) => f.form?.widget === 'regionCountry',
  )?.[0];
  const isCountryShown = Boolean(countryField) && !(meta.policy.hidden ?? []).includes(countryField!);
  const country = Form.useWatch(countryField ?? '__noCountry__', form) as string | null | undefined;
  const { value, onChange } = props;
  // provinces are China's: another country empties the province / city
  useEffect(() => {
    if (isCountryShown && country && country !== CHINA && value) onChange?.(null);
  }, [isCountryShown, country, value, onChange]);
  return <AreaCascader {...props} country={isCountryShown ? (country ?? null) : undefined} />;
}

/** A role's grants in the permission tree (widget `permissionTree`): the ids of the checked permissions. */
export const permissionTreeControl: ControlRenderer = ({ common, value, onChange }) => (
  <PermissionTreeInput
    id={common.id}
    disabled={common.disabled}
    value={Array.isArray(value) ? (value as number[]) : []}
    onChange={(ids) => onChange?.(ids)}
  />
);
