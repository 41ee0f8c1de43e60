import {
  type EffectiveValue,
  type EntityRecord,
  type FormFieldDescriptor,
  getEntity,
  kitMessages,
  type Language,
  recordLabel,
} from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select } from 'antd';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { type EngineT, useEngineText } from '../../messages';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import type { EntityMeta } from '../entity-meta';

// A company's limits and flags left empty take its membership package's. The form shows the value in
// force and where it comes from (set here, the package, or neither), following the package chosen on the form.

export type InheritedValue = {
  /** The value in force (null: neither here nor in the related record). */
  value: unknown;
  source: 'own' | 'related' | 'none';
  /** The related record's label, when known. */
  relatedName?: string;
  /** The related record's value, shown beside an empty field. Undefined while unknown. */
  relatedValue?: unknown;
};

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

/** What the server said about a field (`record.effective`), as the form's own terms. */
function fromServer(
  record: EntityRecord,
  name: string,
  ownSource: string,
): { value: unknown; isOwn: boolean } | undefined {
  const effective = (record.effective as Record<string, EffectiveValue> | undefined)?.[name];
  if (!effective) return undefined;
  return { value: effective.value, isOwn: effective.source === ownSource };
}

/**
 * The value in force for an inherited field, from the form's current values: its own value when set, else the
 * related record's (read when the user may read that entity, else taken from the record's `effective` as long as the
 * relation is the one loaded).
 */
export function useInheritedValue(
  field: FormFieldDescriptor,
  meta: EntityMeta,
  form: FormInstance,
  record?: EntityRecord,
): InheritedValue | null {
  const inherit = field.inherit;
  const { flat } = useVisibleRoutes();
  const own = Form.useWatch(field.name, form) as unknown;
  const viaId = Form.useWatch(inherit?.via ?? '__noInherit__', form) as unknown;
  const target = inherit ? getEntity(inherit.entity) : undefined;
  // reading the related record needs its list's permission (a supplier cannot read packages)
  const canRead =
    Boolean(inherit) && flat.some((r) => r.view?.kind === 'entity-list' && r.view.entity === inherit?.entity);
  const hasId = typeof viaId === 'number';
  const related = useQuery({
    queryKey: entityKeys.record(inherit?.entity ?? '-', hasId ? viaId : 0),
    queryFn: ({ signal }) => entityApi.get(inherit!.entity, viaId as number, signal),
    enabled: Boolean(inherit) && canRead && hasId,
    staleTime: 60_000,
  });
  if (!inherit) return null;

  const isLoadedRelation = record !== undefined && (record[inherit.via] ?? null) === (viaId ?? null);
  let relatedValue: unknown;
  let relatedName: string | undefined;
  if (!hasId) relatedValue = null;
  else if (related.data) {
    relatedValue = related.data[inherit.field] ?? null;
    relatedName = target ? recordLabel(target, related.data, meta.lang) : undefined;
  } else if (isLoadedRelation && record) {
    const server = fromServer(record, field.name, meta.def.source ?? meta.def.name);
    // the server's own-value answer says nothing about the related record
    if (server && !server.isOwn) relatedValue = server.value;
    else if (server && !isSet(record[field.name])) relatedValue = null;
    const label = record[`${inherit.via}Label`];
    relatedName = typeof label === 'string' ? label : undefined;
  }

  if (isSet(own)) return { value: own, source: 'own', relatedName, relatedValue };
  if (relatedValue === undefined) return null;
  return isSet(relatedValue)
    ? { value: relatedValue, source: 'related', relatedName, relatedValue }
    : { value: null, source: 'none', relatedName, relatedValue: null };
}

const isNumberKind = (kind: string) => kind === 'integer' || kind === 'decimal' || kind === 'money';

/** A value in force as words: numbers, yes / no; empty is "no limit" for a number (a monthly quota), else "not set". */
export function describeValue(
  field: Pick<FormFieldDescriptor, 'kind'>,
  value: unknown,
  lang: Language,
  t: EngineT,
): string {
  if (!isSet(value)) return isNumberKind(field.kind) ? t('effective.unlimited') : t('effective.notSet');
  if (typeof value === 'boolean') return value ? kitMessages.yes[lang] : kitMessages.no[lang];
  if (typeof value === 'number') return value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
  return String(value);
}

/** The related entity's name inside a sentence ("the membership package"). */
export function relatedEntityName(field: FormFieldDescriptor, lang: Language): string {
  const target = field.inherit ? getEntity(field.inherit.entity) : undefined;
  const name = target?.labels.singular[lang] ?? '';
  return lang === 'en' ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** "In force: 10 · from the membership package “Gold”": the line under an inherited field. */
export function InheritedNote({
  field,
  inherited,
  lang,
}: {
  field: FormFieldDescriptor;
  inherited: InheritedValue;
  lang: Language;
}) {
  const t = useEngineText();
  const entity = relatedEntityName(field, lang);
  const source =
    inherited.source === 'own'
      ? t('effective.own')
      : inherited.source === 'related'
        ? inherited.relatedName
          ? t('effective.inherited', { entity, name: inherited.relatedName })
          : t('effective.inheritedUnnamed', { entity })
        : t('effective.none', { entity });
  return (
    <span className={`entity-effective is-${inherited.source}`} data-source={inherited.source}>
      <strong>{t('effective.inForce', { value: describeValue(field, inherited.value, lang, t) })}</strong>
      <span> · {source}</span>
    </span>
  );
}

type FlagProps = {
  id?: string;
  value?: boolean | null;
  onChange?: (value: boolean | null) => void;
  disabled?: boolean;
  field: FormFieldDescriptor;
  lang: Language;
  /** The related record's value, when known. */
  relatedValue?: unknown;
  'aria-invalid'?: boolean;
};

const INHERIT = 'inherit';

/** An inherited flag: yes, no, or "as the package says" (empty), which names the package's value when known. */
export function InheritedFlagSelect({
  id,
  value,
  onChange,
  disabled,
  field,
  lang,
  relatedValue,
  ...rest
}: FlagProps) {
  const t = useEngineText();
  const entity = relatedEntityName(field, lang);
  const current = value === true ? 'yes' : value === false ? 'no' : INHERIT;
  return (
    <Select
      id={id}
      aria-invalid={rest['aria-invalid']}
      value={current}
      disabled={disabled}
      onChange={(next) => onChange?.(next === 'yes' ? true : next === 'no' ? false : null)}
      options={[
        {
          value: INHERIT,
          label: t('effective.asRelated', {
            entity,
            value: relatedValue === undefined ? '…' : describeValue(field, relatedValue, lang, t),
          }),
        },
        { value: 'yes', label: kitMessages.yes[lang] },
        { value: 'no', label: kitMessages.no[lang] },
      ]}
      style={{ width: '100%' }}
    />
  );
}
