import { App, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreShownError } from '../../api/client';
import { updateProfile } from '../../api/user';
import { GuardedButton } from '../../components/guarded-button';
import { serverFieldErrors } from '../../components/server-errors';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { updateUser, useSession } from '../../state/session';
import { AvatarUpload } from './avatar-upload';
import './profile.css';

type Values = { nickname: string; avatar: string; introduction: string };

/** `/profile/index`: nickname, avatar and introduction of the signed-in user. */
export function ProfilePage({ route }: PageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  // Leaving the page, reloading or closing the tab asks first while a change is not saved, as the engine's
  // forms do.
  const [isDirty, setDirty] = useState(false);
  useLeaveGuard(isDirty);

  const onFinish = async (values: Values) => {
    const input = {
      nickname: values.nickname.trim(),
      avatar: values.avatar ?? '',
      introduction: values.introduction ?? '',
    };
    const res = await updateProfile(input).catch(ignoreShownError);
    if (!res) return;
    if (!res.success) {
      form.setFields(serverFieldErrors<Values>(res));
      return;
    }
    updateUser(input);
    setDirty(false);
    message.success(t('profile.saved'));
  };

  const typeLabel =
    user?.type === 'admin'
      ? t('profile.typeAdmin')
      : user?.type === 'company'
        ? t('profile.typeCompany')
        : user?.type;

  return (
    <Card variant="borderless" className="profile-card">
      <h1 className="app-page-title">{pick(route.title, lang)}</h1>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="profile-facts">
        <Descriptions.Item label={t('profile.account')}>{user?.account}</Descriptions.Item>
        <Descriptions.Item label={t('profile.type')}>{typeLabel}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>
          {user?.roles.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Form<Values>
        form={form}
        layout="vertical"
        className="profile-form"
        initialValues={{ nickname: user?.nickname, avatar: user?.avatar, introduction: user?.introduction }}
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item name="avatar" label={t('profile.avatar')}>
          <AvatarUpload />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('profile.nickname')}
          rules={[{ required: true, whitespace: true, message: t('profile.nicknameRequired') }, { max: 40 }]}
        >
          <Input maxLength={40} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.introduction')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        <GuardedButton type="primary" htmlType="submit">
          {t('common.save')}
        </GuardedButton>
      </Form>
    </Card>
  );
}
