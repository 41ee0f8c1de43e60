import {
  type Lang,
  SETTING_SECTIONS,
  SETTINGS,
  SETTINGS_BY_KEY,
  type SettingDef,
  type SettingValue,
} from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useReloadPublicConfig } from '../../state/config-context';
import { hasResourcePermission, useSession } from '../../state/session';
import { lengthCount } from '../../widgets/length-count';
import { RelationSelect } from '../../widgets/relation-select';
import { useSystemText } from './config-texts';
import '../../components/entity-screens.css';

// /configManage/config_manage: the run-time settings (declared in the domain's SETTINGS), one card per section,
// saved together; a setting left empty takes its default. Below, every change: who, when, old → new.

type Values = Record<string, SettingValue>;
type Settings = { values: Values; effective: Values; max: Record<string, number> };
type Change = {
  id: number;
  key: string;
  oldValue: SettingValue;
  newValue: SettingValue;
  changedByAccount: string;
  changedAt: string;
};

const SETTINGS_KEY = ['settings', 'values'] as const;
const HISTORY_KEY = ['settings', 'history'] as const;

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
function formValues(settings: Settings): Values {
  const out: Values = {};
  for (const def of SETTINGS)
    out[def.key] = def.kind === 'boolean' ? settings.effective[def.key]! : (settings.values[def.key] ?? null);
  return out;
}

export function ConfigManagePage({ route }: PageProps) {
  const lang = useLang();
  const t = useSystemText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reloadConfig = useReloadPublicConfig();
  const [form] = Form.useForm<Values>();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const canSave = hasResourcePermission({ roles, permissions }, 'PUT', '/api/setting');
  // a reload or a closed tab asks first while a change is not saved
  const [isDirty, setDirty] = useState(false);
  useLeaveGuard(isDirty);

  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await callApi('setting_list')).content as Settings,
  });
  const history = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: async () =>
      (await callApi('setting_history', { query: { size: 50 } })).content as { list: Change[] },
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(formValues(settings.data));
  }, [settings.data, form]);

  const onFinish = async () => {
    const values: Record<string, unknown> = {};
    for (const def of SETTINGS) values[def.key] = form.getFieldValue(def.key) ?? null;
    const res = await callApi('setting_update', { body: { values } }).catch(ignoreShownError);
    if (!res) return;
    if (!res.success) {
      const errors = (res.content as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
      // a bilingual pair's refusal shows under its English half
      form.setFields(
        errors.map((e) => ({
          // a pair's half is a nested name under the dotted key (antd types names of one level only)
          name: (SETTINGS_BY_KEY.get(e.path)?.kind === 'bilingual' ? [e.path, 'en'] : e.path) as never,
          errors: [e.message],
        })),
      );
      return;
    }
    message.success(t('saved'));
    setDirty(false);
    queryClient.setQueryData(SETTINGS_KEY, res.content);
    void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    await reloadConfig().catch(() => {});
  };

  const control = (def: SettingDef) => {
    const label = def.label[lang];
    const lengthRule = def.maxLength
      ? [{ max: def.maxLength, message: t('tooLong', { max: def.maxLength }) }]
      : [];
    const max = settings.data?.max[def.key];
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
  };

  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card" loading={settings.isLoading}>
        <header className="entity-page-header">
          <h1 className="app-page-title">{pick(route.title, lang)}</h1>
        </header>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={() => setDirty(true)}
          disabled={!canSave}
          name="config-manage"
        >
          {SETTING_SECTIONS.map((section) => (
            <Card key={section.key} type="inner" title={section.label[lang]} style={{ marginBottom: 16 }}>
              {SETTINGS.filter((s) => s.section === section.key).map(control)}
            </Card>
          ))}
          {canSave && (
            // the engine forms' action bar: it stays at the bottom of the screen while the sections scroll
            <div className="entity-form-actions">
              <Button type="primary" htmlType="submit">
                {t('save')}
              </Button>
              <Button
                onClick={() => {
                  if (settings.data) form.setFieldsValue(formValues(settings.data));
                  setDirty(false);
                }}
              >
                {t('reset')}
              </Button>
            </div>
          )}
        </Form>
      </Card>
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
    </div>
  );
}
