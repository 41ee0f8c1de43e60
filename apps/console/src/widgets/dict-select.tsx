import type { Bilingual, Language } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { callApi } from '../api/call';
import { Select } from '../components/select-clear';
import { useEngineText } from '../messages';
import { isChoiceFull, useChoiceLimit, useLimitPopup } from './choice-limit';

// A `dict` field's value is the value of an enabled item of its dictionary, a `dictMany` field's a list of them
// (the server refuses anything else): the select offers those items, labelled in the user's language, and a
// stored value shows as its label.

export type DictOption = { value: string; label: Bilingual };

/** The enabled items of the dictionary `code`, cached for a few minutes (dictionaries change rarely). */
export function useDictItems(code: string | undefined) {
  return useQuery({
    queryKey: ['dictionary', code],
    queryFn: async ({ signal }) =>
      (await callApi('dictionary_items', { params: { code: code! }, signal })).content as DictOption[],
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
  });
}

type Props = {
  id?: string;
  /** The dictionary's code (the field's `dict`). */
  dict?: string;
  lang: Language;
  /** A list of values (a `dictMany` field, or a filter on several values). */
  isMultiple?: boolean;
  /** With `isMultiple`: at most this many values (the others greyed out once it is full). */
  maxCount?: number;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
};

const listOf = (value: Props['value']): string[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

export function DictSelect({
  dict,
  lang,
  isMultiple,
  maxCount,
  value,
  onChange,
  allowClear,
  ...rest
}: Props) {
  const t = useEngineText();
  const { data, isLoading } = useDictItems(dict);
  const limit = isMultiple ? maxCount : undefined;
  const isWithinLimit = useChoiceLimit(limit);
  const chosen = listOf(value);
  const popupRender = useLimitPopup(limit, chosen.length);
  const options: { value: string; label: string; disabled?: boolean }[] = (data ?? []).map((o) => ({
    value: o.value,
    label: o.label[lang] || o.value,
  }));
  // A stored value whose item was disabled since still shows, marked, so the user sees what is there (and the
  // server keeps it on a save); it is not offered to anyone choosing anew.
  if (data)
    for (const v of chosen)
      if (!options.some((o) => o.value === v))
        options.push({ value: v, label: t('form.disabledChoice', { label: v }) });
  // a full choice greys out the options not chosen (the dropdown says why)
  const shown = isChoiceFull(limit, chosen.length)
    ? options.map((o) => (chosen.includes(o.value) ? o : { ...o, disabled: true }))
    : options;
  return (
    <Select
      {...rest}
      mode={isMultiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      value={isMultiple ? chosen : ((value as string | null | undefined) ?? undefined)}
      onChange={(v: string | string[] | undefined) => {
        if (!isMultiple) return onChange?.((v as string | undefined) ?? null);
        const next = (v as string[] | undefined) ?? [];
        // a choice past the maximum that still arrives is refused with a message
        if (next.length > chosen.length && !isWithinLimit(next.length)) return;
        onChange?.(next);
      }}
      options={shown}
      popupRender={popupRender}
      allowClear={allowClear}
    />
  );
}

/** A stored dictionary value as its item's label (the value itself until the items arrive, or when unknown). */
export function DictLabel({ dict, value, lang }: { dict?: string; value: string; lang: Language }) {
  const { data } = useDictItems(dict);
  const item = data?.find((o) => o.value === value);
  return <>{item?.label[lang] || value}</>;
}

/** A stored list of dictionary values as tags of their items' labels, in the stored order (like the tags of a
 * related record list). */
export function DictLabels({ dict, value, lang }: { dict?: string; value: string[]; lang: Language }) {
  const { data } = useDictItems(dict);
  return (
    <Space size={[4, 4]} wrap>
      {value.map((v) => (
        <Tag key={v}>{data?.find((o) => o.value === v)?.label[lang] || v}</Tag>
      ))}
    </Space>
  );
}
