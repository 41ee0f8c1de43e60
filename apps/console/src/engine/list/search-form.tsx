import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { FilterDescriptor } from '@organiser/domain';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isValidElement, useEffect, useMemo, useState } from 'react';
import { type EngineT, useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import { widgetOf, widgetSpec } from '../widget-registry';
import { DeferredFilter, useAfterFirstPaint } from './deferred-filter';
import type { ListUrlState } from './list-url';

type Props = {
  meta: EntityMeta;
  filters: FilterDescriptor[];
  state: ListUrlState;
  onSearch: (input: { keyword: string; filters: Record<string, string | undefined> }) => void;
  onReset: () => void;
};

/** Filters shown before "More filters"; an active filter is always shown. */
const FIRST_FILTERS = 3;

type Values = Record<string, unknown>;

const RANGE = '__range';
const rangeKey = (f: FilterDescriptor) => `${f.name}${RANGE}`;
const isDateKind = (f: FilterDescriptor) => f.kind === 'date' || f.kind === 'datetime';
const isNumberKind = (f: FilterDescriptor) =>
  ['integer', 'decimal', 'money', 'relation', 'treeRelation'].includes(f.kind);

/** URL state → form values (date ranges as dayjs pairs, `in` lists as arrays, numbers as numbers). */
function valuesOf(filters: FilterDescriptor[], state: ListUrlState): Values {
  const values: Values = { keyword: state.keyword };
  for (const f of filters) {
    if (f.op === 'range' && isDateKind(f)) {
      const from = state.filters[`${f.name}From`];
      const to = state.filters[`${f.name}To`];
      values[rangeKey(f)] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    } else if (f.op === 'range') {
      for (const p of f.params)
        values[p] = state.filters[p] !== undefined ? Number(state.filters[p]) : undefined;
    } else if (f.op === 'in') {
      const raw = state.filters[f.name];
      values[f.name] = raw ? raw.split(',').map((v) => (isNumberKind(f) ? Number(v) : v)) : undefined;
    } else values[f.name] = state.filters[f.name];
  }
  return values;
}

/** Form values → URL filter parameters (dates as YYYY-MM-DD: a whole day, as the kit reads it). */
function paramsOf(filters: FilterDescriptor[], values: Values): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const f of filters) {
    if (f.op === 'range' && isDateKind(f)) {
      const [from, to] = (values[rangeKey(f)] as [Dayjs | null, Dayjs | null] | undefined) ?? [];
      out[`${f.name}From`] = from ? from.format('YYYY-MM-DD') : undefined;
      out[`${f.name}To`] = to ? to.format('YYYY-MM-DD') : undefined;
    } else if (f.op === 'range') {
      for (const p of f.params)
        out[p] = values[p] === null || values[p] === undefined ? undefined : String(values[p]);
    } else if (f.op === 'in') {
      const list = values[f.name] as unknown[] | undefined;
      out[f.name] = list?.length ? list.join(',') : undefined;
    } else {
      const v = values[f.name];
      out[f.name] = v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim();
    }
  }
  return out;
}

/** One filter's form item: a date or number range by its operator, else its widget's filter control (a text
 * input when the widget has none); a widget's select is mounted once the page has been painted. */
function filterItem(
  meta: EntityMeta,
  f: FilterDescriptor,
  name: string,
  t: EngineT,
  deferred: { isReady: boolean; now: () => void },
) {
  if (f.op === 'range' && isDateKind(f)) {
    return (
      <Form.Item key={f.name} name={rangeKey(f)} label={name}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          aria-label={name}
          placeholder={[t('list.rangeFrom'), t('list.rangeTo')]}
        />
      </Form.Item>
    );
  }
  if (f.op === 'range') {
    return (
      <Form.Item key={f.name} label={name}>
        <Space.Compact>
          <Form.Item name={f.params[0]} noStyle>
            <InputNumber aria-label={`${name} ${t('list.rangeFrom')}`} placeholder={t('list.rangeFrom')} />
          </Form.Item>
          <Form.Item name={f.params[1]} noStyle>
            <InputNumber aria-label={`${name} ${t('list.rangeTo')}`} placeholder={t('list.rangeTo')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  const widget = widgetOf(f.kind, meta.def.fields[f.name]?.form?.widget);
  const own = widgetSpec(widget).filter?.({
    filter: f,
    lang: meta.lang,
    label: name,
    placeholder: t('list.any'),
  });
  return (
    <Form.Item key={f.name} name={f.name} label={name}>
      {isValidElement<Record<string, unknown>>(own) ? (
        <DeferredFilter
          control={own}
          isReady={deferred.isReady}
          onNeeded={deferred.now}
          isMultiple={f.op === 'in'}
          label={name}
          placeholder={t('list.any')}
        />
      ) : (
        (own ?? <Input allowClear aria-label={name} />)
      )}
    </Form.Item>
  );
}

/** The list's search form, built from the filter descriptors; submitting writes the URL. */
export function SearchForm({ meta, filters, state, onSearch, onReset }: Props) {
  const t = useEngineText();
  const [form] = Form.useForm<Values>();
  const { lang } = meta;
  const initial = useMemo(() => valuesOf(filters, state), [filters, state]);
  const activeNames = useMemo(
    () =>
      new Set(filters.filter((f) => f.params.some((p) => state.filters[p] !== undefined)).map((f) => f.name)),
    [filters, state.filters],
  );
  const [isExpanded, setExpanded] = useState(false);
  const deferred = useAfterFirstPaint();

  // the URL is the source: back, reload or a link put its values into the form
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const hasKeyword = meta.def.search.length > 0;
  const first = FIRST_FILTERS - (hasKeyword ? 1 : 0);
  // a "More filters" button that would hide a single filter is not worth the click
  const isFoldable = filters.length > first + 1;
  const visible = filters.filter((f, i) => !isFoldable || isExpanded || i < first || activeNames.has(f.name));
  const label = (f: FilterDescriptor) => meta.fieldLabel(f.name, f.label);
  const keywordFields = [
    ...new Set(
      meta.def.search.map((name) => {
        const field = meta.def.fields[name];
        const pair = field?.kind === 'text' ? field.pair : undefined;
        return pair ? (meta.def.pairs[pair.name]?.label[lang] ?? name) : meta.fieldLabel(name);
      }),
    ),
  ];

  const control = (f: FilterDescriptor) => filterItem(meta, f, label(f), t, deferred);

  const hiddenCount = filters.length - visible.length;
  return (
    <Form
      // the page stays mounted behind other tabs: a name keeps its field ids apart from a form's
      name={`${meta.def.name}-search`}
      form={form}
      layout="inline"
      className="entity-search"
      role="search"
      aria-label={t('list.searchForm', { entity: meta.label({ plural: true }) })}
      onFinish={(values) =>
        onSearch({ keyword: String(values.keyword ?? '').trim(), filters: paramsOf(filters, values) })
      }
    >
      {hasKeyword && (
        <Form.Item name="keyword" label={t('list.keyword')}>
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('list.keywordPlaceholder', {
              fields: keywordFields.join(lang === 'zh' ? '、' : ', '),
            })}
            className="entity-search-keyword"
          />
        </Form.Item>
      )}
      {visible.map(control)}
      <Form.Item className="entity-search-buttons">
        <Space size={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('list.search')}
          </Button>
          <Button
            onClick={() => {
              onReset();
              setExpanded(false);
            }}
          >
            {t('list.reset')}
          </Button>
          {isFoldable && (
            <Button type="link" onClick={() => setExpanded((e) => !e)} aria-expanded={isExpanded}>
              {isExpanded ? t('list.fewerFilters') : t('list.moreFilters')}
              {isExpanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              {!isExpanded && hiddenCount > 0 ? ` (${hiddenCount})` : null}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
