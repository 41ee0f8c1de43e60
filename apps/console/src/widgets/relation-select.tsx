import {
  type EntityDef,
  type EntityRecord,
  getEntity,
  isDisabledRecord,
  type Language,
  listColumns,
  recordLabel,
} from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { entityApi } from '../api/entity-api';
import { entityKeys } from '../api/query-keys';
import { Select } from '../components/select-clear';
import { useLang } from '../i18n/use-lang';
import { useEngineText } from '../messages';
import { fileUrl, hasMenuPermission, sessionStore } from '../state/session';
import { isChoiceFull, useChoiceLimit, useLimitPopup } from './choice-limit';

type Value = number | number[] | null;

type Props = {
  id?: string;
  /** API name of the related entity. */
  entity: string;
  isMultiple?: boolean;
  maxCount?: number;
  value?: Value;
  onChange?: (value: Value) => void;
  /** Labels of the current value as the record carries them (`<field>Label(s)`), shown before any search. */
  initialLabels?: Record<number, string>;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
};

const PAGE = 20;
const DEBOUNCE_MS = 300;

/** Options of a related entity, labelled in the user's language: a keyword search over its searchable fields.
 * A user who may read the entity gets whole records from its list, cached so a size hint can follow the choice;
 * anyone else (a supplier picking tags) gets `{ id, label }` from its options route. */
export async function searchRecords(input: {
  entity: string;
  keyword: string;
  lang: Language;
  signal?: AbortSignal;
}): Promise<{ id: number; label: string; isDisabled: boolean; record?: EntityRecord }[]> {
  const def = getEntity(input.entity);
  if (!def || !hasMenuPermission(sessionStore.get(), def.permission.menu)) {
    const found = await entityApi.options(
      input.entity,
      { keyword: input.keyword || undefined },
      input.signal,
    );
    return found.map((o) => ({ id: o.id, label: o.label, isDisabled: o.isDisabled }));
  }
  const canSearch = def.search.length > 0;
  const query: Record<string, string> = { size: String(canSearch ? PAGE : 50) };
  if (canSearch && input.keyword) query.keyword = input.keyword;
  const page = await entityApi.list(input.entity, query, input.signal);
  const needle = input.keyword.trim().toLowerCase();
  return page.list
    .map((record) => ({
      id: record.id,
      label: recordLabel(def, record, input.lang),
      isDisabled: isDisabledRecord(def, record),
      record,
    }))
    .filter((o) => canSearch || !needle || o.label.toLowerCase().includes(needle));
}

/** The chosen records that are disabled: those the search found disabled, and those the options route says are
 * (a stored choice the search did not return). */
function useDisabledChoices(
  entity: string,
  value: Value | undefined,
  found: { id: number; isDisabled: boolean }[] | undefined,
): Set<number> {
  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const lang = useLang();
  const stored = useQuery({
    queryKey: [...entityKeys.options(entity, `ids:${chosen.join(',')}`), lang],
    queryFn: ({ signal }) => entityApi.options(entity, { ids: chosen }, signal),
    enabled: chosen.length > 0,
    staleTime: 30_000,
  });
  const chosenKey = chosen.join(',');
  return useMemo(() => {
    const ids = new Set(chosenKey.split(',').filter(Boolean).map(Number));
    const out = new Set<number>();
    for (const o of [...(stored.data ?? []), ...(found ?? [])])
      if (o.isDisabled && ids.has(o.id)) out.add(o.id);
    return out;
  }, [stored.data, found, chosenKey]);
}

/** A found record as the dropdown shows it: its image (the definition's `labelImage`: a company's logo), its label
 * and the states worth a second look (an audit pending or refused), so the right one is picked among
 * similar names. */
function OptionContent(props: { def: EntityDef; record?: EntityRecord; label: string; lang: Language }) {
  const { def, record, label, lang } = props;
  const image = record && def.labelImage ? record[def.labelImage] : null;
  // a state is worth a second look when the list would show it in a warning or error colour
  const flagged = record
    ? listColumns(def).flatMap((c) => {
        const option = c.options?.find((o) => o.value === record[c.name]);
        return option && (option.color === 'warning' || option.color === 'error')
          ? [{ name: c.name, option }]
          : [];
      })
    : [];
  if (!(typeof image === 'string' && image) && flagged.length === 0) return <>{label}</>;
  return (
    <span className="relation-option">
      {typeof image === 'string' && image ? (
        <img className="relation-option-image" src={fileUrl(image)} alt="" width={24} height={24} />
      ) : null}
      <span className="relation-option-label">{label}</span>
      {flagged.map(({ name, option }) => (
        <Tag key={name} color={option.color === 'default' ? undefined : option.color}>
          {option.label[lang]}
        </Tag>
      ))}
    </span>
  );
}

/** A relation select with remote search, single or multiple with a maximum count. */
export function RelationSelect({
  id,
  entity,
  isMultiple,
  maxCount,
  value,
  onChange,
  initialLabels,
  disabled,
  placeholder,
  ...rest
}: Props) {
  const t = useEngineText();
  const lang = useLang();
  const def = getEntity(entity)!;
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  const [isOpen, setOpen] = useState(false);
  const isWithinLimit = useChoiceLimit(isMultiple ? maxCount : undefined);
  const labels = useRef(new Map<number, string>());
  for (const [key, label] of Object.entries(initialLabels ?? {})) labels.current.set(Number(key), label);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  const result = useQuery({
    queryKey: [...entityKeys.options(entity, debounced), lang],
    queryFn: async ({ signal }) => {
      const found = await searchRecords({ entity, keyword: debounced, lang, signal });
      for (const { record } of found)
        if (record) queryClient.setQueryData<EntityRecord>(entityKeys.record(entity, record.id), record);
      return found;
    },
    enabled: isOpen || debounced !== '',
    staleTime: 30_000,
  });
  for (const o of result.data ?? []) labels.current.set(o.id, o.label);
  const disabledIds = useDisabledChoices(entity, value, result.data);

  const selected = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = useMemo(() => {
    // a disabled record is not offered for a new choice; one chosen before it was disabled stays, marked
    const found = (result.data ?? [])
      .filter((o) => !o.isDisabled || selected.includes(o.id))
      .map((o) => ({ value: o.id, label: o.label, record: o.record }));
    // the chosen records stay in the options so their labels show
    const missing = selected
      .filter((v) => !found.some((o) => o.value === v))
      .map((v) => ({ value: v, label: labels.current.get(v) ?? `#${v}`, record: undefined }));
    const all = [...missing, ...found].map((o) =>
      disabledIds.has(o.value) ? { ...o, label: t('form.disabledChoice', { label: o.label }) } : o,
    );
    // a full choice greys out the options not chosen (the dropdown says why)
    if (!isMultiple || !isChoiceFull(maxCount, selected.length)) return all;
    return all.map((o) => (selected.includes(o.value) ? o : { ...o, disabled: true }));
  }, [result.data, selected, isMultiple, maxCount, disabledIds, t]);
  const popupRender = useLimitPopup(isMultiple ? maxCount : undefined, selected.length);

  return (
    <Select<Value>
      id={id}
      aria-label={rest['aria-label']}
      mode={isMultiple ? 'multiple' : undefined}
      value={value ?? (isMultiple ? [] : null)}
      onChange={(next) => {
        // a choice past the maximum that still arrives is refused with a message
        if (Array.isArray(next) && next.length > selected.length && !isWithinLimit(next.length)) return;
        onChange?.(next ?? null);
      }}
      options={options}
      optionRender={(option) => (
        <OptionContent def={def} record={option.data.record} label={String(option.data.label)} lang={lang} />
      )}
      popupRender={popupRender}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={setOpen}
      allowClear
      disabled={disabled}
      placeholder={
        placeholder ??
        (isMultiple && maxCount ? t('form.maxChoices', { max: maxCount }) : t('relation.search'))
      }
      notFoundContent={result.isFetching ? <Spin size="small" /> : t('form.noMatch')}
      style={{ width: '100%' }}
    />
  );
}
