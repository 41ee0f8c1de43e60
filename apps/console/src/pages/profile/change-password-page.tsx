import { App, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreShownError } from '../../api/client';
import { changePassword } from '../../api/user';
import { GuardedButton } from '../../components/guarded-button';
import { serverFieldErrors } from '../../components/server-errors';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { usePublicConfig } from '../../state/config-context';
import './profile.css';

type Values = { oldPassword: string; newPassword: string; repeatPassword: string };

/** `/profile/Changepwd`: old, new and repeated password; the repeat must match. */
export function ChangePasswordPage({ route }: PageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { login } = usePublicConfig();
  const [form] = Form.useForm<Values>();
  const min = login.passwordMinLength;
  // Leaving the page, reloading or closing the tab asks first while a password is typed and not yet changed,
  // as the engine's forms do.
  const [isDirty, setDirty] = useState(false);
  useLeaveGuard(isDirty);

  const onFinish = async (values: Values) => {
    const res = await changePassword(values).catch(ignoreShownError);
    if (!res) return;
    if (!res.success) {
      form.setFields(serverFieldErrors<Values>(res));
      return;
    }
    form.resetFields();
    setDirty(false);
    message.success(t('password.changed'));
  };

  return (
    <Card variant="borderless" className="profile-card">
      <h1 className="app-page-title">{pick(route.title, lang)}</h1>
      <Form<Values>
        form={form}
        layout="vertical"
        className="profile-form"
        onFinish={onFinish}
        onValuesChange={(_, all) => setDirty(Object.values(all).some(Boolean))}
      >
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.weak', { min })}
          rules={[
            { required: true, message: t('password.required') },
            {
              validator: (_, value: string | undefined) =>
                !value || (value.length >= min && /[A-Za-z]/.test(value) && /\d/.test(value))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.weak', { min }))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('password.repeat')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <GuardedButton type="primary" htmlType="submit">
          {t('password.submit')}
        </GuardedButton>
      </Form>
    </Card>
  );
}
