import type { Language } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { callApi } from '../api/call';
import { Select, useSelectClear } from '../components/select-clear';
import { useLang } from '../i18n/use-lang';
import { useEngineText } from '../messages';

// `GET /region/list_all`: countries with English and Chinese names, and China's provinces and
// cities. A company keeps the country's ISO code (`countryCode`) and, in China, `province` or `province/city` codes
// (`belong`, e.g. '440000/440300').

export type RegionNode = { code: string; name: { en: string; zh: string }; children?: RegionNode[] };

export const CHINA = 'CN';

/** The region tree: reference data, fetched once a session (the server answers 304 while it is unchanged). */
export function useRegions() {
  return useQuery({
    queryKey: ['region', 'list_all'],
    queryFn: async ({ signal }) =>
      ((await callApi('region_list_all', { signal })).content as RegionNode[] | null) ?? [],
    staleTime: 60 * 60 * 1000,
  });
}

const nameIn = (node: RegionNode, lang: Language) => node.name[lang] || node.name.en;

type CountryProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  allowClear?: boolean;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
  placeholder?: string;
};

/** A country or region, searched by its name in either language or by its code. */
export function CountrySelect({
  id,
  value,
  onChange,
  disabled,
  allowClear,
  placeholder,
  ...rest
}: CountryProps) {
  const t = useEngineText();
  const lang = useLang();
  const regions = useRegions();
  const options = useMemo(
    () =>
      (regions.data ?? []).map((c) => ({
        value: c.code,
        label: nameIn(c, lang),
        search: `${c.name.en} ${c.name.zh} ${c.code}`.toLowerCase(),
      })),
    [regions.data, lang],
  );
  return (
    <Select
      id={id}
      aria-invalid={rest['aria-invalid']}
      aria-label={rest['aria-label']}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={regions.isLoading}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.search.includes(input.trim().toLowerCase())),
      }}
      placeholder={placeholder ?? t('region.country')}
      notFoundContent={t('form.noMatch')}
      style={{ width: '100%' }}
    />
  );
}

type AreaOption = { value: string; label: string; children?: AreaOption[] };

type AreaProps = {
  id?: string;
  /** `province` or `province/city` codes. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  /** The country chosen beside it: provinces are China's only. Undefined when the form has no country. */
  country?: string | null;
  'aria-invalid'?: boolean;
};

/** A province, or a province and one of its cities, of China (linked: the cities are those of the province). */
export function AreaCascader({ id, value, onChange, disabled, country, ...rest }: AreaProps) {
  const t = useEngineText();
  const lang = useLang();
  const regions = useRegions();
  const options = useMemo<AreaOption[]>(() => {
    const china = (regions.data ?? []).find((c) => c.code === CHINA);
    return (china?.children ?? []).map((p) => ({
      value: p.code,
      label: nameIn(p, lang),
      children: p.children?.length
        ? p.children.map((c) => ({ value: c.code, label: nameIn(c, lang) }))
        : undefined,
    }));
  }, [regions.data, lang]);
  const isOutsideChina = country !== undefined && country !== CHINA;
  const clear = useSelectClear();
  return (
    <Cascader<AreaOption>
      id={id}
      aria-invalid={rest['aria-invalid']}
      options={options}
      value={value ? value.split('/') : undefined}
      onChange={(path) => onChange?.(path?.length ? path.join('/') : null)}
      changeOnSelect
      loading={regions.isLoading}
      disabled={disabled || isOutsideChina}
      allowClear={clear()}
      showSearch={{
        filter: (input, path) =>
          path.some((o) => String(o.label).toLowerCase().includes(input.trim().toLowerCase())),
      }}
      placeholder={isOutsideChina ? t('region.chooseChina') : t('region.area')}
      notFoundContent={t('form.noMatch')}
      style={{ width: '100%' }}
    />
  );
}

/** Region codes as names in the user's language ('320000/320200' → "江苏省 / 无锡市"); unknown codes stay codes. */
export function RegionName({ codes }: { codes: string }) {
  const lang = useLang();
  const regions = useRegions();
  const names = useMemo(() => {
    const byCode = new Map<string, RegionNode>();
    const walk = (nodes: RegionNode[]) => {
      for (const n of nodes) {
        byCode.set(n.code, n);
        if (n.children) walk(n.children);
      }
    };
    walk(regions.data ?? []);
    return codes
      .split('/')
      .map((code) => {
        const node = byCode.get(code);
        return node ? nameIn(node, lang) : code;
      })
      .join(' / ');
  }, [regions.data, codes, lang]);
  return <span>{names}</span>;
}
