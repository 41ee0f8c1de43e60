import { SETTING_SECTIONS, SETTINGS, SETTINGS_BY_KEY } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form } from 'antd';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useReloadPublicConfig } from '../../state/config-context';
import { hasResourcePermission, useSession } from '../../state/session';
import {
  type Change,
  formValues,
  SettingControl,
  type Settings,
  SettingsHistory,
  type Values,
} from './config-manage-parts';
import { useSystemText } from './config-texts';
import '../../components/entity-screens.css';

const SETTINGS_KEY = ['settings', 'values'] as const;
const HISTORY_KEY = ['settings', 'history'] as const;

// /configManage/config_manage: the run-time settings (declared in the domain's SETTINGS), one card per section,
// saved together; a setting left empty takes its default. Below, every change: who, when, old → new.

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
              {SETTINGS.filter((s) => s.section === section.key).map((def) => (
                <SettingControl key={def.key} def={def} max={settings.data?.max[def.key]} />
              ))}
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
      <SettingsHistory history={history} />
    </div>
  );
}
