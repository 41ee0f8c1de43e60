import {
  type EntityRecord,
  entities,
  type FormFieldDescriptor,
  type FormGroupDescriptor,
  formLayout,
} from '@organiser/domain';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { entityApi, fieldErrorsOf } from '../../api/entity-api';
import { entityKeys, sharedRecordEntities } from '../../api/query-keys';
import { useEngineText } from '../../messages';
import { type EntityMeta, useEntityMeta } from '../entity-meta';
import { organiserOnlyFields, useScope } from '../scope';
import {
  bodyOf,
  type FormMode,
  type FormValues,
  InvalidJson,
  isChanged,
  ruleDependencies,
  startValues,
  validateForm,
} from './form-values';
import { useLeaveGuard } from './use-leave-guard';

const STALE_VERSION = 40901;
const DUPLICATE = 40903;

export type SubmitResult = { ok: true; record: EntityRecord } | { ok: false };

export type EntityFormController = {
  meta: EntityMeta;
  mode: FormMode;
  form: FormInstance<FormValues>;
  groups: FormGroupDescriptor[];
  record: EntityRecord | undefined;
  isLoading: boolean;
  isMissing: boolean;
  isSubmitting: boolean;
  isDirty: boolean;
  /** The server refused the update: someone saved a newer version (409). */
  isStale: boolean;
  /** Server messages that name no field on the form. */
  generalErrors: string[];
  /** A save failed on field errors (the form's checks or the server's): the form lists them at its top. */
  isSummaryShown: boolean;
  showSummary: () => void;
  /** Props of the Form.Item of one field: name, label, required mark, validation, value conversion. */
  itemProps: (field: FormFieldDescriptor) => FormItemProps;
  /** Feed to `<Form onValuesChange>`. */
  onValuesChange: () => void;
  submit: () => Promise<SubmitResult>;
  /** Loads the latest version of the record and starts the form again from it. */
  reload: () => Promise<void>;
  /** Lets the next navigation through without the unsaved-changes warning. */
  allowLeave: () => void;
};

const toDay = (value: unknown) => (typeof value === 'string' && value ? dayjs(value) : null);

export type EntityFormOptions = {
  /**
   * Values set by where the form is (a contact of one company: `{ companyId: 7 }`): not on the form, always in
   * the body of a new record (nested records, what-users-want B.2 #16).
   */
  fixed?: Record<string, unknown>;
};

/** Date and time pickers hold dayjs values; the form keeps the API's strings. */
function conversions(field: FormFieldDescriptor): Partial<FormItemProps> {
  if (field.kind === 'date') {
    return {
      getValueProps: (value: unknown) => ({ value: toDay(value) }),
      normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
    };
  }
  if (field.kind === 'datetime') {
    return {
      getValueProps: (value: unknown) => ({ value: toDay(value) }),
      normalize: (value: Dayjs | null) => (value ? value.toISOString() : null),
    };
  }
  // Every other widget, the switch included, takes the form's `value`: FieldControl maps it onto the control's
  // own prop (a Switch's `checked`). Injecting `checked` instead would leave FieldControl's `value` undefined, so a
  // switch would always show off and every click would save `true`.
  return {};
}

/**
 * The headless form (react-admin's useEditController): loads the record, lays the form out from the kit's
 * descriptors under the field policy, validates with the kit's schema (the server's own messages, in the user's
 * language), saves with the version read, puts the server's field errors on their fields, reports a stale
 * version, and warns before unsaved changes are lost.
 */
export function useEntityForm(
  entity: string,
  id?: string | number,
  options: EntityFormOptions = {},
): EntityFormController {
  const meta = useEntityMeta(entity);
  const { def, policy, lang } = meta;
  const t = useEngineText();
  const { isScoped } = useScope();
  const fixedKey = JSON.stringify(options.fixed ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised values are the identity
  const fixed = useMemo(() => options.fixed ?? {}, [fixedKey]);
  // issue 5 §6: a supplier account cannot set organiser-only fields; they show disabled and are never sent
  const omit = useMemo(() => (isScoped ? organiserOnlyFields(def) : []), [isScoped, def]);
  const mode: FormMode = id === undefined || id === null || id === '' ? 'add' : 'edit';
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();

  const recordQuery = useQuery({
    queryKey: entityKeys.record(def.name, id ?? 'new'),
    queryFn: ({ signal }) => entityApi.get(def.name, id!, signal),
    enabled: mode === 'edit',
    staleTime: 0,
    gcTime: 0,
    // the form edits values, not labels: one cache entry in every language, so a language switch does not
    // reload the record (which would reset the form and lose what the user typed)
    queryKeyHashFn: hashKey,
  });
  const record = recordQuery.data;
  const groups = useMemo(
    () =>
      formLayout(def, { policy, mode })
        .map((g) => ({
          ...g,
          fields: g.fields
            .filter((f) => !(f.name in fixed))
            .map((f) => (omit.includes(f.name) ? { ...f, isDisabled: true } : f)),
        }))
        .filter((g) => g.fields.length > 0),
    [def, policy, mode, fixed, omit],
  );
  const start = useMemo(
    () => ({ ...startValues(def, { mode, record, policy }), ...(mode === 'add' ? fixed : {}) }),
    [def, mode, record, policy, fixed],
  );
  const dependencies = useMemo(() => ruleDependencies(def), [def]);
  const startRef = useRef(start);

  const [isDirty, setDirty] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isStale, setStale] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [isSummaryShown, setSummaryShown] = useState(false);
  const showSummary = useCallback(() => setSummaryShown(true), []);
  const guard = useLeaveGuard(isDirty && !isSubmitting);

  // a loaded (or reloaded) record becomes the form's starting point
  useEffect(() => {
    if (mode === 'edit' && !record) return;
    startRef.current = start;
    form.resetFields();
    form.setFieldsValue(start);
    setDirty(false);
  }, [form, mode, record, start]);

  // one validation of the whole body serves every field's validator in the same pass
  const cache = useRef<{ key: string; issues: ReturnType<typeof validateForm> } | null>(null);
  const issuesNow = useCallback(() => {
    const values = form.getFieldsValue(true) as FormValues;
    const key = JSON.stringify(values);
    if (cache.current?.key !== key) {
      cache.current = {
        key,
        issues: validateForm(def, values, { mode, policy, version: record?.version, omit }),
      };
    }
    return cache.current.issues;
  }, [form, def, mode, policy, record?.version, omit]);

  const itemProps = useCallback(
    (field: FormFieldDescriptor): FormItemProps => ({
      name: field.name,
      label: meta.fieldLabel(field.name),
      // spec §5: the mark follows the policy: required and visible (hidden fields are not on the form at all)
      required: field.isRequired && !field.isDisabled,
      dependencies: dependencies.get(field.name),
      validateFirst: true,
      rules: field.isDisabled
        ? []
        : [
            {
              validator: async (_, value) => {
                if (value instanceof InvalidJson)
                  throw new Error(t('form.jsonInvalid', { label: meta.fieldLabel(field.name) }));
                const issue = issuesNow().find((i) => i.path === field.name);
                if (issue) throw new Error(issue.message[lang]);
              },
            },
          ],
      ...conversions(field),
    }),
    [meta, dependencies, issuesNow, lang, t],
  );

  // a language switch re-checks the fields that show a message, so it is read in the new language
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    const withErrors = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (withErrors.length > 0) void form.validateFields(withErrors).catch(() => undefined);
  }, [form, lang]);

  const onValuesChange = useCallback(() => {
    setDirty(isChanged(startRef.current, form.getFieldsValue(true) as FormValues));
  }, [form]);

  const fieldNames = useMemo(() => new Set(groups.flatMap((g) => g.fields.map((f) => f.name))), [groups]);

  const showErrors = useCallback(
    (errors: { path: string; message: string }[]) => {
      const onForm = errors.filter((e) => fieldNames.has(e.path.split('.')[0]!));
      form.setFields(onForm.map((e) => ({ name: e.path.split('.')[0]!, errors: [e.message] })));
      setGeneralErrors(errors.filter((e) => !onForm.includes(e)).map((e) => e.message));
      if (onForm[0]) {
        setSummaryShown(true);
        form.scrollToField(onForm[0].path.split('.')[0]!, { block: 'center', focus: true });
      }
    },
    [form, fieldNames],
  );

  const submit = useCallback(async (): Promise<SubmitResult> => {
    setGeneralErrors([]);
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) {
        setSummaryShown(true);
        form.scrollToField(first.name, { block: 'center', focus: true });
      }
      return { ok: false };
    }
    const values = form.getFieldsValue(true) as FormValues;
    const body = bodyOf(def, values, { mode, policy, version: record?.version, omit });
    setSubmitting(true);
    try {
      const res =
        mode === 'add' ? await entityApi.create(def.name, body) : await entityApi.update(def.name, id!, body);
      if (!res.success) {
        showErrors(fieldErrorsOf(res));
        return { ok: false };
      }
      await Promise.all(
        sharedRecordEntities(def.name, entities).map((name) =>
          queryClient.invalidateQueries({ queryKey: entityKeys.all(name) }),
        ),
      );
      setDirty(false);
      setSummaryShown(false);
      return { ok: true, record: res.content };
    } catch (error) {
      if (error instanceof ApiError && error.code === STALE_VERSION) setStale(true);
      else if (error instanceof ApiError && error.code === DUPLICATE) {
        // "<label> already exists": put it on the unique field it names
        const unique = [...fieldNames].find(
          (name) => def.fields[name]?.unique && error.message.includes(meta.fieldLabel(name)),
        );
        if (unique) showErrors([{ path: unique, message: error.message }]);
      }
      return { ok: false };
    } finally {
      setSubmitting(false);
    }
  }, [form, def, mode, policy, record?.version, id, queryClient, showErrors, fieldNames, meta, omit]);

  const reload = useCallback(async () => {
    setStale(false);
    setGeneralErrors([]);
    await recordQuery.refetch();
  }, [recordQuery]);

  return {
    meta,
    mode,
    form,
    groups,
    record,
    isLoading: mode === 'edit' && recordQuery.isLoading,
    isMissing: mode === 'edit' && recordQuery.isError,
    isSubmitting,
    isDirty,
    isStale,
    generalErrors,
    isSummaryShown,
    showSummary,
    itemProps,
    onValuesChange,
    submit,
    reload,
    allowLeave: guard.allowNext,
  };
}
