import type { Bilingual, Language } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { callApi } from '../api/call';
import { useEngineText } from '../messages';

// A `dict` field's value is the value of an enabled item of its dictionary (the server refuses anything else):
// the select offers those items, labelled in the user's language, and a stored value shows as its label.

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
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
};

export function DictSelect({ dict, lang, value, onChange, allowClear, ...rest }: Props) {
  const t = useEngineText();
  const { data, isLoading } = useDictItems(dict);
  const options = (data ?? []).map((o) => ({ value: o.value, label: o.label[lang] || o.value }));
  // A stored value whose item was disabled since still shows, marked, so the user sees what is there (and the
  // server keeps it on a save); it is not offered to anyone choosing anew.
  if (value && data && !options.some((o) => o.value === value))
    options.push({ value, label: t('form.disabledChoice', { label: value }) });
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as string | undefined) ?? null)}
      options={options}
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
