import {
  type EntityRecord,
  type FormFieldDescriptor,
  getEntity,
  MONEY_CURRENCY,
  MONEY_SYMBOL,
} from '@organiser/domain';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useEngineText } from '../../messages';
import { JsonInput } from '../../widgets/json-input';
import { PhoneInput } from '../../widgets/phone-input';
import { AreaCascader, CHINA, CountrySelect } from '../../widgets/region-select';
import { RelationSelect } from '../../widgets/relation-select';
import { RichTextEditor } from '../../widgets/rich-text/rich-text-editor';
import { EntityTreeSelect } from '../../widgets/tree-select';
import { type Attachment, FileUpload } from '../../widgets/upload/file-upload';
import { ImageUpload } from '../../widgets/upload/image-upload';
import { VideoUpload } from '../../widgets/upload/video-upload';
import type { EntityMeta } from '../entity-meta';
import { BilingualInput } from './bilingual-input';
import {
  describeValue,
  InheritedFlagSelect,
  type InheritedValue,
  relatedEntityName,
} from './inherited-value';

type Props = {
  field: FormFieldDescriptor;
  meta: EntityMeta;
  record?: EntityRecord;
  /** The recommended image size (may follow a related record). */
  sizeHint?: string;
  /** An inherited field's value in force (issue 5 §3: a company's limits fall back to its package's). */
  inherited?: InheritedValue | null;
  // injected by Form.Item
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-invalid'?: boolean;
};

/** The widget kinds FieldControl renders (the kit's `widget` names); any other name renders a text input. */
export const formWidgets = [
  'input',
  'bilingual',
  'textarea',
  'richText',
  'number',
  'money',
  'switch',
  'password',
  'areaPhone',
  'regionCountry',
  'regionArea',
  'select',
  'tags',
  'date',
  'datetime',
  'imageUpload',
  'videoUpload',
  'fileUpload',
  'relationSelect',
  'treeSelect',
  'json',
] as const;

/** The widget of one field, by the kit's `widget` (from the field kind unless the definition names one). */
export function FieldControl({
  field,
  meta,
  record,
  sizeHint,
  inherited,
  id,
  value,
  onChange,
  ...rest
}: Props) {
  const t = useEngineText();
  const { lang } = meta;
  const label = meta.fieldLabel(field.name);
  const disabled = field.isDisabled;
  // an empty inherited field says what it falls back to
  const inheritedPlaceholder =
    field.inherit && inherited?.relatedValue !== undefined
      ? t('effective.asRelated', {
          entity: relatedEntityName(field, lang),
          value: describeValue(field, inherited.relatedValue, lang, t),
        })
      : undefined;
  const placeholder = field.placeholder?.[lang] ?? inheritedPlaceholder;
  const common = { id, disabled, 'aria-invalid': rest['aria-invalid'] };

  switch (field.widget) {
    case 'bilingual':
      return (
        <BilingualInput
          {...common}
          lang={field.pair?.lang ?? 'en'}
          value={(value as string | null) ?? ''}
          onChange={(v) => onChange?.(v)}
          maxLength={field.maxLength}
          placeholder={placeholder}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={field.maxLength}
          showCount={Boolean(field.maxLength)}
          placeholder={placeholder}
        />
      );
    case 'richText':
      return (
        <RichTextEditor
          {...common}
          label={label}
          value={value as string | null}
          onChange={onChange}
          maxLength={field.maxLength}
        />
      );
    case 'number':
    case 'money':
      return (
        <InputNumber<number>
          {...common}
          // an amount says its currency (the list cell and the export say it too)
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
    case 'switch':
      if (field.inherit)
        return (
          <InheritedFlagSelect
            {...common}
            field={field}
            lang={lang}
            value={value as boolean | null}
            onChange={onChange}
            relatedValue={inherited?.relatedValue}
          />
        );
      return <Switch id={id} disabled={disabled} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'password':
      return (
        <Input.Password
          {...common}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
          // a new secret: browsers must not fill in the signed-in user's own password
          autoComplete="new-password"
          placeholder={placeholder ?? (record ? t('form.passwordKeep') : undefined)}
        />
      );
    case 'areaPhone':
      return (
        <PhoneInput
          {...common}
          label={label}
          value={value as string | null}
          onChange={onChange}
          maxLength={field.maxLength}
        />
      );
    case 'regionCountry':
      return (
        <CountrySelect
          {...common}
          allowClear={!field.isRequired}
          value={value as string | null}
          onChange={onChange}
        />
      );
    case 'regionArea':
      return <RegionAreaControl {...common} meta={meta} value={value as string | null} onChange={onChange} />;
    case 'select':
      return (
        <Select
          {...common}
          value={(value as string | null) ?? undefined}
          onChange={(v) => onChange?.(v ?? null)}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
          allowClear={!field.isRequired}
          placeholder={placeholder ?? t('form.choose')}
        />
      );
    case 'tags':
      return (
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
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...common}
          value={value as never}
          onChange={(v) => onChange?.(v)}
          showTime={field.widget === 'datetime'}
          style={{ width: '100%' }}
        />
      );
    case 'imageUpload':
      return (
        <ImageUpload
          id={id}
          disabled={disabled}
          isMultiple={field.kind === 'images'}
          value={value as string | string[] | null}
          onChange={onChange}
          rule={field.upload!}
          sizeHint={sizeHint}
          label={label}
        />
      );
    case 'videoUpload':
      return (
        <VideoUpload
          id={id}
          disabled={disabled}
          value={value as string | null}
          onChange={onChange}
          rule={field.upload!}
          sizeHint={sizeHint}
          label={label}
        />
      );
    case 'fileUpload':
      return (
        <FileUpload
          id={id}
          disabled={disabled}
          value={value as Attachment[] | null}
          onChange={onChange}
          rule={field.upload!}
          label={label}
        />
      );
    case 'relationSelect': {
      const relation = field.relation!;
      // the related entity is a tree (a company's categories): pick nodes in the tree
      if (getEntity(relation.entity)?.tree)
        return (
          <EntityTreeSelect
            {...common}
            entity={relation.entity}
            isMultiple={relation.isMultiple}
            maxCount={relation.maxCount}
            value={value as number | number[] | null}
            onChange={onChange}
            placeholder={placeholder}
          />
        );
      const initial: Record<number, string> = {};
      if (record) {
        const ids = record[field.name];
        const names = relation.isMultiple ? record[`${field.name}Labels`] : [record[`${field.name}Label`]];
        const list = Array.isArray(ids) ? ids : ids === null || ids === undefined ? [] : [ids];
        list.forEach((v, i) => {
          const name = Array.isArray(names) ? names[i] : undefined;
          if (typeof v === 'number' && typeof name === 'string') initial[v] = name;
        });
      }
      return (
        <RelationSelect
          id={id}
          disabled={disabled}
          entity={relation.entity}
          isMultiple={relation.isMultiple}
          maxCount={relation.maxCount}
          value={value as number | number[] | null}
          onChange={onChange}
          initialLabels={initial}
          placeholder={placeholder}
        />
      );
    }
    case 'treeSelect':
      return (
        <EntityTreeSelect
          {...common}
          entity={field.relation!.entity}
          // a parent in its own tree: the record itself and its descendants cannot be chosen
          selfId={field.relation!.entity === meta.def.name ? record?.id : undefined}
          value={value as number | null}
          onChange={onChange}
          placeholder={placeholder}
        />
      );
    case 'json':
      return <JsonInput id={id} disabled={disabled} value={value} onChange={onChange} />;
    default:
      return (
        <Input
          {...common}
          // text inputs with a keyboard hint, not type=email/url: the browser's own validation bubble would
          // show beside the form's message (the form checks the format itself, in the user's language)
          type="text"
          inputMode={
            field.format === 'email'
              ? 'email'
              : field.format === 'url'
                ? 'url'
                : field.format === 'phone'
                  ? 'tel'
                  : undefined
          }
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={field.maxLength}
          placeholder={placeholder}
          autoComplete="off"
        />
      );
  }
}

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
