import {
  type EntityRecord,
  entities,
  type FormFieldDescriptor,
  type FormGroupDescriptor,
  formLayout,
  isEmptyValue,
} from '@organiser/domain';
import { hashKey, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { entityApi, fieldErrorsOf } from '../../api/entity-api';
import { entityKeys, sharedRecordEntities } from '../../api/query-keys';
import { useEngineText } from '../../messages';
import { useScope } from '../../state/scope';
import { type EntityMeta, useEntityMeta } from '../entity-meta';
import { organiserOnlyFields, ownCompanyField } from '../scope';
import {
  bodyOf,
  type FormMode,
  type FormValues,
  InvalidJson,
  isChanged,
  ruleDependencies,
  startValues,
  validateForm,
  valuesFromQuery,
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
  /** Server messages on a part of a field (`specs.voltage`, an input of a dynamic form), by path: the field's
   * widget shows each on its input (provide them with `FieldPathErrors`). */
  pathErrors: Record<string, string>;
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
  /** A built-in record of which nothing may change (the reserved root role): no Save. */
  isReadOnly: boolean;
};

/** The fields of a built-in record (the definition's `builtIn.when`) that stay as they are: all but the
 * rule's `editable` ones. They show disabled and are never sent. */
function builtInLockedFields(def: EntityMeta['def'], record: EntityRecord | undefined): string[] {
  const rule = def.builtIn;
  if (!rule || !record || !rule.when.in.includes(record[rule.when.field] as string | number | boolean))
    return [];
  return Object.keys(def.fields).filter((name) => !rule.editable.includes(name));
}

const toDay = (value: unknown) => (typeof value === 'string' && value ? dayjs(value) : null);

export type EntityFormOptions = {
  /**
   * Values set by where the form is (a contact of one company: `{ companyId: 7 }`): not on the form, always in
   * the body of a new record (a child created from its parent's page).
   */
  fixed?: Record<string, unknown>;
  /** The add page's address query: the fields it names start with its values, which the user may change
   * (`valuesFromQuery`). */
  prefillQuery?: string;
};

/** Date and time pickers hold dayjs values; the form keeps the API's strings. */
export function conversions(field: FormFieldDescriptor): Partial<FormItemProps> {
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

/** The caller's fixed values, kept as one object while their serialised form stays the same. */
function useFixedValues(fixed: Record<string, unknown> | undefined) {
  const fixedKey = JSON.stringify(fixed ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised values are the identity
  return useMemo(() => fixed ?? {}, [fixedKey]);
}

/** The record being edited, read fresh every time the form opens (nothing to read when adding). */
function useRecordQuery(entity: string, id: string | number | undefined, mode: FormMode) {
  return useQuery({
    queryKey: entityKeys.record(entity, id ?? 'new'),
    queryFn: ({ signal }) => entityApi.get(entity, id!, signal),
    enabled: mode === 'edit',
    staleTime: 0,
    gcTime: 0,
    // the form edits values, not labels: one cache entry in every language, so a language switch does not
    // reload the record (which would reset the form and lose what the user typed)
    queryKeyHashFn: hashKey,
  });
}

/** The kit's layout without the fixed fields and without computed fields the record has no value for (a buyer's
 * supplier company: nothing to read, nothing to change); organiser-only fields show disabled; empty groups are
 * dropped. */
function useFormGroups(
  meta: EntityMeta,
  input: { mode: FormMode; record: EntityRecord | undefined; fixed: Record<string, unknown>; omit: string[] },
) {
  const { def, policy } = meta;
  const { mode, record, fixed, omit } = input;
  return useMemo(
    () =>
      formLayout(def, { policy, mode })
        .map((g) => ({
          ...g,
          fields: g.fields
            .filter((f) => !(f.name in fixed))
            .filter((f) => !(f.isComputed && record && isEmptyValue(record[f.name])))
            .map((f) => (omit.includes(f.name) ? { ...f, isDisabled: true } : f)),
        }))
        .filter((g) => g.fields.length > 0),
    [def, policy, mode, record, fixed, omit],
  );
}

/** The form's state beside its values: changed, saving, stale, messages without a field, the error summary. */
function useFormFlags() {
  const [isDirty, setDirty] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isStale, setStale] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const [isSummaryShown, setSummaryShown] = useState(false);
  const [pathErrors, setPathErrors] = useState<Record<string, string>>({});
  const showSummary = useCallback(() => setSummaryShown(true), []);
  return {
    pathErrors,
    setPathErrors,
    isDirty,
    setDirty,
    isSubmitting,
    setSubmitting,
    isStale,
    setStale,
    generalErrors,
    setGeneralErrors,
    isSummaryShown,
    setSummaryShown,
    showSummary,
  };
}

type FormFlags = ReturnType<typeof useFormFlags>;

/**
 * The values the form starts from (the record, or the defaults and fixed values of a new one). A loaded (or
 * reloaded) record becomes the form's starting point. Returns the `onValuesChange` that marks the form changed
 * while its values differ from that start.
 */
function useStartValues(input: {
  form: FormInstance<FormValues>;
  meta: EntityMeta;
  mode: FormMode;
  record: EntityRecord | undefined;
  fixed: Record<string, unknown>;
  prefill: Record<string, unknown>;
  setDirty: FormFlags['setDirty'];
}) {
  const { form, meta, mode, record, fixed, prefill, setDirty } = input;
  const { def, policy } = meta;
  const start = useMemo(
    () => ({
      ...startValues(def, { mode, record, policy }),
      ...(mode === 'add' ? { ...prefill, ...fixed } : {}),
    }),
    [def, mode, record, policy, fixed, prefill],
  );
  const startRef = useRef(start);
  useEffect(() => {
    if (mode === 'edit' && !record) return;
    startRef.current = start;
    form.resetFields();
    form.setFieldsValue(start);
    setDirty(false);
  }, [form, mode, record, start, setDirty]);
  return useCallback(() => {
    setDirty(isChanged(startRef.current, form.getFieldsValue(true) as FormValues));
  }, [form, setDirty]);
}

/**
 * The Form.Item props of each field. Every field's validator reads the kit's schema; one validation of the whole
 * body serves every field's validator in the same pass.
 */
function useItemProps(input: {
  form: FormInstance<FormValues>;
  meta: EntityMeta;
  mode: FormMode;
  version: EntityRecord['version'] | undefined;
  omit: string[];
}) {
  const { form, meta, mode, version, omit } = input;
  const { def, policy, lang } = meta;
  const t = useEngineText();
  const dependencies = useMemo(() => ruleDependencies(def), [def]);
  const cache = useRef<{ key: string; issues: ReturnType<typeof validateForm> } | null>(null);
  const issuesNow = useCallback(() => {
    const values = form.getFieldsValue(true) as FormValues;
    const key = JSON.stringify(values);
    if (cache.current?.key !== key) {
      cache.current = { key, issues: validateForm(def, values, { mode, policy, version, omit }) };
    }
    return cache.current.issues;
  }, [form, def, mode, policy, version, omit]);

  return useCallback(
    (field: FormFieldDescriptor): FormItemProps => ({
      name: field.name,
      label: meta.fieldLabel(field.name),
      // the mark follows the policy: required and visible (hidden fields are not on the form at all)
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
}

/** A language switch re-checks the fields that show a message, so it is read in the new language. */
function useRecheckOnLanguage(form: FormInstance<FormValues>, lang: EntityMeta['lang']) {
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
}

type FieldMessage = { path: string; message: string };
type ShowErrors = (errors: FieldMessage[]) => void;

/**
 * The names of the fields on the form, and `showErrors`: puts the server's errors on the fields they name (and
 * scrolls to the first) and keeps the others as messages without a field.
 */
function useShowErrors(form: FormInstance<FormValues>, groups: FormGroupDescriptor[], flags: FormFlags) {
  const { setGeneralErrors, setSummaryShown, setPathErrors } = flags;
  const fieldNames = useMemo(() => new Set(groups.flatMap((g) => g.fields.map((f) => f.name))), [groups]);
  const showErrors = useCallback(
    (errors: FieldMessage[]) => {
      const onForm = errors.filter((e) => fieldNames.has(e.path.split('.')[0]!));
      // a field with several messages (one per input of a dynamic form) shows them all
      const byField = new Map<string, string[]>();
      for (const e of onForm) {
        const name = e.path.split('.')[0]!;
        byField.set(name, [...(byField.get(name) ?? []), e.message]);
      }
      form.setFields([...byField].map(([name, messages]) => ({ name, errors: messages })));
      setPathErrors(
        Object.fromEntries(onForm.filter((e) => e.path.includes('.')).map((e) => [e.path, e.message])),
      );
      setGeneralErrors(errors.filter((e) => !onForm.includes(e)).map((e) => e.message));
      if (onForm[0]) {
        setSummaryShown(true);
        form.scrollToField(onForm[0].path.split('.')[0]!, { block: 'center', focus: true });
      }
    },
    [form, fieldNames, setGeneralErrors, setSummaryShown, setPathErrors],
  );
  return { fieldNames, showErrors };
}

/** Runs the form's own checks; on a failure shows the summary and moves to the first field in error. */
async function passesChecks(form: FormInstance<FormValues>, showSummary: () => void) {
  try {
    await form.validateFields();
    return true;
  } catch (error) {
    const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
    if (first) {
      showSummary();
      form.scrollToField(first.name, { block: 'center', focus: true });
    }
    return false;
  }
}

/**
 * A refused save that threw: a stale version is reported; "<label> already exists" goes on the unique field on
 * the form whose label the message names.
 */
function showRefusal(
  error: unknown,
  input: {
    meta: EntityMeta;
    fieldNames: Set<string>;
    showErrors: ShowErrors;
    setStale: FormFlags['setStale'];
  },
) {
  if (!(error instanceof ApiError)) return;
  if (error.code === STALE_VERSION) input.setStale(true);
  else if (error.code === DUPLICATE) {
    const { meta, fieldNames } = input;
    const unique = [...fieldNames].find(
      (name) => meta.def.fields[name]?.unique && error.message.includes(meta.fieldLabel(name)),
    );
    if (unique) input.showErrors([{ path: unique, message: error.message }]);
  }
}

/** Refreshes the lists and records of the entity and of every entity sharing its records. */
const refreshShared = (queryClient: QueryClient, entity: string) =>
  Promise.all(
    sharedRecordEntities(entity, entities).map((name) =>
      queryClient.invalidateQueries({ queryKey: entityKeys.all(name) }),
    ),
  );

type SubmitInput = {
  form: FormInstance<FormValues>;
  meta: EntityMeta;
  mode: FormMode;
  id: string | number | undefined;
  version: EntityRecord['version'] | undefined;
  omit: string[];
  fieldNames: Set<string>;
  showErrors: ShowErrors;
  flags: FormFlags;
};

/**
 * Saves the form: checks it, sends the body with the version read, refreshes every entity sharing the records,
 * and shows a refusal on its fields, as a stale version, or on the unique field a duplicate names.
 */
function useSubmit(input: SubmitInput) {
  const { form, meta, mode, id, version, omit, fieldNames, showErrors, flags } = input;
  const { setGeneralErrors, setSummaryShown, setSubmitting, setDirty, setStale } = flags;
  const { def, policy } = meta;
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<SubmitResult> => {
    setGeneralErrors([]);
    if (!(await passesChecks(form, () => setSummaryShown(true)))) return { ok: false };
    const values = form.getFieldsValue(true) as FormValues;
    const body = bodyOf(def, values, { mode, policy, version, omit });
    setSubmitting(true);
    try {
      const res =
        mode === 'add' ? await entityApi.create(def.name, body) : await entityApi.update(def.name, id!, body);
      if (!res.success) {
        showErrors(fieldErrorsOf(res));
        return { ok: false };
      }
      await refreshShared(queryClient, def.name);
      setDirty(false);
      setSummaryShown(false);
      return { ok: true, record: res.content };
    } catch (error) {
      showRefusal(error, { meta, fieldNames, showErrors, setStale });
      return { ok: false };
    } finally {
      setSubmitting(false);
    }
  }, [
    form,
    def,
    mode,
    policy,
    version,
    id,
    queryClient,
    showErrors,
    fieldNames,
    meta,
    omit,
    setGeneralErrors,
    setSummaryShown,
    setSubmitting,
    setDirty,
    setStale,
  ]);
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
  const { def, lang } = meta;
  const { isScoped, companyId } = useScope();
  const own = isScoped && companyId !== null ? ownCompanyField(def) : null;
  // a supplier's new record belongs to its own company (the field is not on its form)
  const fixed = useFixedValues(own ? { [own]: companyId, ...options.fixed } : options.fixed);
  const prefillQuery = options.prefillQuery ?? '';
  const { policy } = meta;
  const prefill = useMemo(
    () => (prefillQuery ? valuesFromQuery(def, new URLSearchParams(prefillQuery), policy) : {}),
    [def, policy, prefillQuery],
  );
  const mode: FormMode = id === undefined || id === null || id === '' ? 'add' : 'edit';
  const [form] = Form.useForm<FormValues>();
  const recordQuery = useRecordQuery(def.name, id, mode);
  const record = recordQuery.data;
  const locked = useMemo(() => builtInLockedFields(def, record), [def, record]);
  // a supplier account cannot set organiser-only fields, nor anyone a built-in record's fixed ones; they show
  // disabled and are never sent
  const omit = useMemo(
    () => [...new Set([...(isScoped ? organiserOnlyFields(def) : []), ...locked])],
    [isScoped, def, locked],
  );
  const groups = useFormGroups(meta, { mode, record, fixed, omit });
  const flags = useFormFlags();
  const { setStale, setGeneralErrors } = flags;
  const guard = useLeaveGuard(flags.isDirty && !flags.isSubmitting);
  const onValuesChange = useStartValues({
    form,
    meta,
    mode,
    record,
    fixed,
    prefill,
    setDirty: flags.setDirty,
  });
  // what the checks and the save read: the form, its mode, the version read, the fields never sent
  const shared = { form, meta, mode, version: record?.version, omit };
  const itemProps = useItemProps(shared);
  useRecheckOnLanguage(form, lang);
  const { fieldNames, showErrors } = useShowErrors(form, groups, flags);
  const submit = useSubmit({ ...shared, id, fieldNames, showErrors, flags });
  const reload = useCallback(async () => {
    setStale(false);
    setGeneralErrors([]);
    await recordQuery.refetch();
  }, [recordQuery, setStale, setGeneralErrors]);

  return {
    meta,
    mode,
    form,
    groups,
    record,
    isLoading: mode === 'edit' && recordQuery.isLoading,
    isMissing: mode === 'edit' && recordQuery.isError,
    isSubmitting: flags.isSubmitting,
    isDirty: flags.isDirty,
    isStale: flags.isStale,
    generalErrors: flags.generalErrors,
    pathErrors: flags.pathErrors,
    isSummaryShown: flags.isSummaryShown,
    showSummary: flags.showSummary,
    itemProps,
    onValuesChange,
    submit,
    reload,
    allowLeave: guard.allowNext,
    isReadOnly: locked.length > 0 && def.builtIn?.editable.length === 0,
  };
}
