import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { type Captcha, fetchCaptcha, type LoginContent, login } from '../../api/user';
import { usePublicConfig } from '../../app/config-context';
import { useDocumentTitle } from '../../app/document-title';
import { afterLoginPath } from '../../app/guard';
import { LangSwitch } from '../../components/lang-switch';
import { useLang } from '../../i18n/use-lang';
import { startSession } from '../../state/session';
import './login-page.css';

type Values = { account: string; password: string; checkCode: string; smsCode?: string };
type Field = NonNullable<LoginContent['field']>;

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Login (spec §2, §7, §8; issue 3 item 2): account, password, captcha image (click for a new one) and the SMS code
 * when the deployment asks for it. Enter submits; after success the user returns to `redirect` or `/`.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [hasCaptchaFailed, setCaptchaFailed] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [isCapsLock, setCapsLock] = useState(false);
  const [isSmsAsked, setSmsAsked] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  useDocumentTitle(t('routes.login'));

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptchaFailed(true);
    }
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    // focus goes to the first empty field (template behaviour)
    const first = cardRef.current?.querySelector<HTMLInputElement>('input:not([value]), input[value=""]');
    first?.focus();
  }, []);

  const showSms = config.login.smsSecondFactor && isSmsAsked;

  const onFinish = async (values: Values) => {
    if (!captcha) return;
    setSubmitting(true);
    try {
      const res = await login({ ...values, token: captcha.token });
      const token = res.success ? res.content?.token : undefined;
      if (token) {
        startSession(token);
        navigate(afterLoginPath(location.search), { replace: true });
        return;
      }
      // spec §8: a refusal with content is handed back for the page to show, on the field it names
      const field = res.content?.field as Field | null | undefined;
      if (field === 'smsCode') setSmsAsked(true);
      form.setFields([
        { name: 'checkCode', value: '', errors: field === 'checkCode' ? [res.message] : [] },
        ...(field && field !== 'checkCode' ? [{ name: field, errors: [res.message] }] : []),
      ]);
      if (!field) message.error(res.message);
      void refreshCaptcha();
    } catch (error) {
      // the HTTP client has shown the message; a used captcha cannot be tried again
      if (error instanceof ApiError) form.setFieldValue('checkCode', '');
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };

  const product = config.site.title[lang] || config.site.title.en;

  return (
    <div className="login-page">
      <main className="login-card" aria-labelledby="login-title" ref={cardRef}>
        <div className="login-card-head">
          <div className="login-brand">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <div>
              <Typography.Text type="secondary" className="login-product">
                {product}
              </Typography.Text>
              <h1 id="login-title" className="login-title">
                {t('login.heading')}
              </h1>
            </div>
          </div>
          <LangSwitch />
        </div>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          size="large"
          autoComplete="on"
          onValuesChange={(changed) => {
            // a changed value clears the server's message on that field
            const name = Object.keys(changed)[0];
            if (name) form.setFields([{ name: name as keyof Values, errors: [] }]);
          }}
        >
          <Form.Item
            name="account"
            label={t('login.account')}
            rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
          >
            <Input
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
            extra={
              isCapsLock ? (
                <Typography.Text type="warning" role="status">
                  {t('login.capsLock')}
                </Typography.Text>
              ) : undefined
            }
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              onKeyUp={onPasswordKey}
              onKeyDown={onPasswordKey}
              onBlur={() => setCapsLock(false)}
            />
          </Form.Item>
          <Form.Item label={t('login.checkCode')} htmlFor="checkCode" required>
            <div className="login-captcha-row">
              <Form.Item
                name="checkCode"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.checkCodeRequired') }]}
              >
                <Input
                  id="checkCode"
                  prefix={<SafetyOutlined aria-hidden />}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={20}
                />
              </Form.Item>
              <button
                type="button"
                className="login-captcha"
                onClick={() => void refreshCaptcha()}
                aria-label={t('login.captchaRefresh')}
                title={t('login.captchaRefresh')}
              >
                {captcha && !hasCaptchaFailed ? (
                  <img src={svgSource(captcha.svg)} alt={t('login.captchaImage')} />
                ) : (
                  <span className="login-captcha-failed">
                    {hasCaptchaFailed ? <ReloadOutlined aria-hidden /> : null}
                  </span>
                )}
              </button>
            </div>
            {hasCaptchaFailed && (
              <Typography.Text type="danger" role="alert" className="login-captcha-error">
                {t('login.captchaFailed')}
              </Typography.Text>
            )}
          </Form.Item>
          {showSms && (
            <Form.Item
              name="smsCode"
              label={t('login.smsCode')}
              extra={t('login.smsCodeSent')}
              rules={[{ required: true, whitespace: true, message: t('login.smsCodeRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={10} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isSubmitting} disabled={!captcha}>
            {t('login.submit')}
          </Button>
        </Form>
      </main>
    </div>
  );
}
