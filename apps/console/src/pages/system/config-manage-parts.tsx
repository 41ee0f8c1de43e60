import { type Lang, SETTINGS, SETTINGS_BY_KEY, type SettingDef, type SettingValue } from '@organiser/domain';
import { Card, Form, Input, InputNumber, Space, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { Select } from '../../components/select-clear';
import { useLang } from '../../i18n/use-lang';
import { lengthCount } from '../../widgets/length-count';
import { RelationSelect } from '../../widgets/relation-select';
import { useSystemText } from './config-texts';

export type Values = Record<string, SettingValue>;
export type Settings = { values: Values; effective: Values; max: Record<string, number> };
export type Change = {
  id: number;
  key: string;
  oldValue: SettingValue;
  newValue: SettingValue;
  changedByAccount: string;
  changedAt: string;
};

/** A value as the history and the defaults show it. */
function shown(
  def: SettingDef | undefined,
  value: SettingValue,
  t: (k: 'none' | 'yes' | 'no') => string,
  lang: Lang,
) {
  if (value === null || value === undefined) return t('none');
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'object') return [value.en, value.zh].filter(Boolean).join(' / ');
  const option = def?.options?.find((o) => o.value === value);
  return option ? option.label[lang] : String(value);
}

/** The form's value of a stored one: booleans take their value in force so the switch shows it. */
export function formValues(settings: Settings): Values {
  const out: Values = {};
  for (const def of SETTINGS)
    out[def.key] = def.kind === 'boolean' ? settings.effective[def.key]! : (settings.values[def.key] ?? null);
  return out;
}

/** The input of one setting, by its kind, with its default or help and its upload bound under it. */
export function SettingControl({ def, max }: { def: SettingDef; max: number | undefined }) {
  const lang = useLang();
  const t = useSystemText();
  const label = def.label[lang];
  const lengthRule = def.maxLength
    ? [{ max: def.maxLength, message: t('tooLong', { max: def.maxLength }) }]
    : [];
  const fallback =
    def.default === null ? t('defaultNone') : t('default', { value: shown(def, def.default, t, lang) });
  const extra = [
    def.help?.[lang] ?? fallback,
    max !== undefined && def.uploadBound ? t('bound', { max }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  switch (def.kind) {
    case 'bilingual':
      return (
        <Form.Item key={def.key} label={label} extra={extra} required={false}>
          <Space.Compact block>
            <Form.Item name={[def.key, 'en']} rules={lengthRule} style={{ flex: 1, marginBottom: 0 }}>
              <Input
                allowClear
                aria-label={`${label} (${t('english')})`}
                placeholder={t('english')}
                {...lengthCount(def.maxLength)}
              />
            </Form.Item>
            <Form.Item name={[def.key, 'zh']} rules={lengthRule} style={{ flex: 1, marginBottom: 0 }}>
              <Input
                allowClear
                aria-label={`${label} (${t('chinese')})`}
                placeholder={t('chinese')}
                {...lengthCount(def.maxLength)}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    case 'integer':
      if (def.relation)
        return (
          <Form.Item key={def.key} name={def.key} label={label} extra={extra}>
            <RelationSelect entity={def.relation} aria-label={label} />
          </Form.Item>
        );
      return (
        <Form.Item key={def.key} name={def.key} label={label} extra={extra}>
          <InputNumber style={{ width: 220 }} precision={0} min={def.min} max={max} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item key={def.key} name={def.key} label={label} extra={extra} valuePropName="checked">
          <Switch />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item key={def.key} name={def.key} label={label} extra={extra}>
          <Select
            allowClear
            style={{ maxWidth: 360 }}
            options={def.options?.map((o) => ({ value: o.value, label: o.label[lang] }))}
          />
        </Form.Item>
      );
    default:
      // the form checks an email itself, in the user's language (type=email would add the browser's bubble)
      return (
        <Form.Item
          key={def.key}
          name={def.key}
          label={label}
          extra={extra}
          rules={
            def.kind === 'email' ? [...lengthRule, { type: 'email', message: t('badEmail') }] : lengthRule
          }
        >
          <Input
            allowClear
            type="text"
            inputMode={def.kind === 'email' ? 'email' : undefined}
            {...lengthCount(def.maxLength)}
            style={{ maxWidth: 480 }}
          />
        </Form.Item>
      );
  }
}

/** Every change of a setting: when, who, which, old → new. */
export function SettingsHistory({ history }: { history: { isLoading: boolean; data?: { list: Change[] } } }) {
  const lang = useLang();
  const t = useSystemText();
  return (
    <Card variant="borderless" className="entity-list-card" title={t('history')} style={{ marginTop: 16 }}>
      <Table<Change>
        rowKey="id"
        size="small"
        aria-label={t('history')}
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: t('history.empty') }}
        pagination={false}
        columns={[
          {
            key: 'time',
            title: t('history.time'),
            width: 180,
            render: (_, c) => dayjs(c.changedAt).format('YYYY-MM-DD HH:mm:ss'),
          },
          { key: 'who', title: t('history.who'), dataIndex: 'changedByAccount', width: 140 },
          {
            key: 'setting',
            title: t('history.setting'),
            render: (_, c) => SETTINGS_BY_KEY.get(c.key)?.label[lang] ?? c.key,
          },
          {
            key: 'old',
            title: t('history.old'),
            render: (_, c) => shown(SETTINGS_BY_KEY.get(c.key), c.oldValue, t, lang),
          },
          {
            key: 'new',
            title: t('history.new'),
            render: (_, c) => shown(SETTINGS_BY_KEY.get(c.key), c.newValue, t, lang),
          },
        ]}
      />
    </Card>
  );
}
