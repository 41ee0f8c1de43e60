import {
  type DynamicFormConfig,
  dynamicValueOf,
  dynamicValueProblem,
  keptDynamicValues,
  type Language,
  type UploadRule,
} from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, InputNumber, Spin, Switch } from 'antd';
import dayjs from 'dayjs';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { callApi, type PathParams } from '../api/call';
import { Select } from '../components/select-clear';
import { useEngineText } from '../messages';
import { ImageUpload } from './upload/image-upload';

// A dynamic form field (`{ [code]: value }`): one input per enabled config of the group the record's group
// field names, each with its antd input, its label in the user's language and its required mark. Switching the
// group shows the new group's inputs and keeps the values of the codes it also has. Problems the server
// reports on `<field>.<code>` (a save refused, or a stored value its config no longer accepts) show on the
// input until it is changed.

/** Field errors of the form by full path (`specs.voltage`), for inputs inside a field. */
export const FieldPathErrors = createContext<Record<string, string>>({});

/** The categories that have dynamic forms (the server refuses another with 400). */
type Category = PathParams<'dynamic_form_groups'>['category'];

/** The enabled inputs of a group, in their order (empty when the group has none). */
export function useFormGroup(category: string, groupCode: string | null | undefined) {
  return useQuery({
    queryKey: ['dynamicForm', category, groupCode],
    queryFn: async ({ signal }) =>
      (
        await callApi('dynamic_form_group', {
          params: { category: category as Category, groupCode: groupCode! },
          signal,
        })
      ).content as DynamicFormConfig[],
    enabled: Boolean(groupCode),
    staleTime: 60_000,
  });
}

/** The groups of a category that have enabled inputs, with their number of inputs. */
export function useFormGroups(category: string | undefined) {
  return useQuery({
    queryKey: ['dynamicFormGroups', category],
    queryFn: async ({ signal }) =>
      (await callApi('dynamic_form_groups', { params: { category: category as Category }, signal }))
        .content as { groupCode: string; inputs: number }[],
    enabled: Boolean(category),
    staleTime: 60_000,
  });
}

/** The enabled inputs of a category offered as list filters, one per code. */
export function useFilterableInputs(category: string | undefined) {
  return useQuery({
    queryKey: ['dynamicFormFilters', category],
    queryFn: async ({ signal }) =>
      (await callApi('dynamic_form_filters', { params: { category: category as Category }, signal }))
        .content as DynamicFormConfig[],
    enabled: Boolean(category),
    staleTime: 60_000,
  });
}

/** An image of a dynamic form: one picture, as the console's other image uploads take it. */
const IMAGE_RULE: UploadRule = {
  maxCount: 1,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
};

type Values = Record<string, unknown>;

type Props = {
  id?: string;
  /** The field's name (the prefix of its inputs' error paths). */
  name: string;
  category: string;
  groupCode?: string | null;
  lang: Language;
  value?: Values | null;
  onChange?: (value: Values | null) => void;
  disabled?: boolean;
  /** Problems of the stored values as the record was read (`formIssues`). */
  storedIssues?: readonly { path: string; message: string }[];
};

const isFilled = (v: unknown) =>
  !(
    v === undefined ||
    v === null ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );

export function DynamicFormSection({
  id,
  name,
  category,
  groupCode,
  lang,
  value,
  onChange,
  disabled,
  storedIssues,
}: Props) {
  const t = useEngineText();
  const { data: configs, isLoading, isError } = useFormGroup(category, groupCode);
  const serverErrors = useContext(FieldPathErrors);
  // inputs changed since the server's messages were given: their own check replaces them
  const [touched, setTouched] = useState<Set<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages (a refused save, a reloaded record) are the trigger.
  useEffect(() => setTouched(new Set()), [serverErrors, storedIssues]);
  const values = value ?? {};

  // a switched group keeps only the values of the codes it also has
  const shownGroup = useRef(groupCode);
  useEffect(() => {
    if (!configs || shownGroup.current === groupCode) return;
    shownGroup.current = groupCode;
    const kept = keptDynamicValues(configs, value);
    if (Object.keys(kept).length !== Object.keys(value ?? {}).length)
      onChange?.(Object.keys(kept).length > 0 ? kept : null);
  }, [configs, groupCode, value, onChange]);

  if (!groupCode)
    return (
      <div id={id} className="dynamic-form-empty">
        {t('dynamicForm.chooseGroup')}
      </div>
    );
  if (isLoading) return <Spin />;
  if (isError) return <Alert type="error" showIcon title={t('dynamicForm.loadFailed')} />;
  if (!configs || configs.length === 0)
    return (
      <div id={id} className="dynamic-form-empty">
        {t('dynamicForm.noInputs', { group: groupCode })}
      </div>
    );

  const set = (code: string, v: unknown) => {
    setTouched((s) => new Set(s).add(code));
    const next = { ...values };
    if (isFilled(v)) next[code] = v;
    else delete next[code];
    onChange?.(Object.keys(next).length > 0 ? next : null);
  };
  const errorOf = (c: DynamicFormConfig): string | undefined => {
    const path = `${name}.${c.code}`;
    if (touched.has(c.code)) return dynamicValueProblem(c, dynamicValueOf(values, c.code))?.[lang];
    return serverErrors[path] ?? storedIssues?.find((i) => i.path === path)?.message;
  };

  return (
    <div id={id} className="dynamic-form">
      {configs.map((c) => {
        const error = errorOf(c);
        const inputId = `${id ?? name}-${c.code}`;
        return (
          <Form.Item
            key={c.code}
            label={c.label[lang] || c.code}
            htmlFor={inputId}
            required={c.required}
            validateStatus={error ? 'error' : undefined}
            help={error}
          >
            <DynamicInput
              id={inputId}
              config={c}
              lang={lang}
              value={dynamicValueOf(values, c.code)}
              onChange={(v) => set(c.code, v)}
              disabled={disabled}
              invalid={Boolean(error)}
            />
          </Form.Item>
        );
      })}
    </div>
  );
}

function DynamicInput({
  id,
  config,
  lang,
  value,
  onChange,
  disabled,
  invalid,
}: {
  id: string;
  config: DynamicFormConfig;
  lang: Language;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  invalid: boolean;
}) {
  const t = useEngineText();
  const common = { id, disabled, 'aria-invalid': invalid };
  const options = config.options.map((o) => ({ value: o.value, label: o.label[lang] || o.value }));
  switch (config.type) {
    case 'text':
      return <Input {...common} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />;
    case 'longText':
      return (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          precision={config.type === 'integer' ? 0 : undefined}
          min={config.min ?? undefined}
          max={config.max ?? undefined}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v)}
        />
      );
    case 'select':
    case 'multiSelect':
      return (
        <Select
          {...common}
          mode={config.type === 'multiSelect' ? 'multiple' : undefined}
          allowClear
          placeholder={t('form.choose')}
          options={options}
          value={(value as string | string[] | null) ?? undefined}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          style={{ width: '100%' }}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
        />
      );
    case 'image':
      return (
        <ImageUpload
          id={id}
          disabled={disabled}
          isMultiple={false}
          value={(value as string | null) ?? null}
          onChange={(v) => onChange(v)}
          rule={IMAGE_RULE}
          label={config.label[lang]}
        />
      );
    case 'boolean':
      return <Switch {...common} checked={value === true} onChange={(v) => onChange(v)} />;
  }
}
