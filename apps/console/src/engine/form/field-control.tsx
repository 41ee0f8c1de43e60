import type { EntityRecord, FormFieldDescriptor } from '@organiser/domain';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { JsonInput } from '../../widgets/json-input';
import { RelationSelect } from '../../widgets/relation-select';
import { RichTextEditor } from '../../widgets/rich-text/rich-text-editor';
import { EntityTreeSelect } from '../../widgets/tree-select';
import { type Attachment, FileUpload } from '../../widgets/upload/file-upload';
import { ImageUpload } from '../../widgets/upload/image-upload';
import { VideoUpload } from '../../widgets/upload/video-upload';
import type { EntityMeta } from '../entity-meta';
import { useEngineText } from '../messages';
import { BilingualInput } from './bilingual-input';

type Props = {
  field: FormFieldDescriptor;
  meta: EntityMeta;
  record?: EntityRecord;
  /** The recommended image size (may follow a related record). */
  sizeHint?: string;
  // injected by Form.Item
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-invalid'?: boolean;
};

/** The widget of one field, by the kit's `widget` (from the field kind unless the definition names one). */
export function FieldControl({ field, meta, record, sizeHint, id, value, onChange, ...rest }: Props) {
  const t = useEngineText();
  const { lang } = meta;
  const label = meta.fieldLabel(field.name);
  const disabled = field.isDisabled;
  const placeholder = field.placeholder?.[lang];
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
      return <Switch id={id} disabled={disabled} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
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
          id={id}
          disabled={disabled}
          entity={field.relation!.entity}
          parentField={field.name}
          selfId={record?.id}
          value={value as number | null}
          onChange={onChange}
        />
      );
    case 'json':
      return <JsonInput id={id} disabled={disabled} value={value} onChange={onChange} />;
    default:
      return (
        <Input
          {...common}
          type={
            field.format === 'email'
              ? 'email'
              : field.format === 'url'
                ? 'url'
                : field.format === 'phone'
                  ? 'tel'
                  : 'text'
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
