import { LANGUAGES, type Language, LOGO_DATA_URI } from '@organiser/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/document-title';
import { afterLoginPath } from '../../app/guard';
import { readLoginShell } from '../../app/login-shell';
import { preloadSignedInFrame } from '../../app/preload-frame';
import { requestSession } from '../../app/session-request';
import { LANGUAGE_NAMES } from '../../components/language-names';
import { changeLanguage } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { usePublicConfig } from '../../state/config-context';
import { startSession } from '../../state/session';
import { CaptchaField, type FieldName, inputProps, LoginField, PasswordField } from './login-fields';
import { useCaptcha, useLoginForm, useShellHandover, useTransientStatus } from './use-login-form';
import './login-page.css';

/** The product's name and logo, the page's heading and the language switch. */
function LoginHead(props: { product: string; lang: Language; onLanguage: (lang: Language) => void }) {
  const { t } = useTranslation();
  return (
    <div className="login-card-head">
      <div className="login-brand">
        <img src={LOGO_DATA_URI} alt="" width={36} height={36} />
        <div>
          <div className="login-product">{props.product}</div>
          <h1 id="login-title" className="login-title">
            {t('login.heading')}
          </h1>
        </div>
      </div>
      <fieldset className="login-lang">
        <legend className="app-visually-hidden">{t('login.language')}</legend>
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            lang={l === 'zh' ? 'zh-CN' : 'en'}
            aria-pressed={l === props.lang}
            className={l === props.lang ? 'login-lang-option login-lang-current' : 'login-lang-option'}
            onClick={() => props.onLanguage(l)}
          >
            {LANGUAGE_NAMES[l]}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * Login: account, password, captcha image (click for a new one) and the SMS code when the
 * deployment asks for it. Enter submits; after success the user returns to `redirect` or `/`.
 *
 * The first screen most people see, so it is built from plain elements and its own small stylesheet rather than
 * the component library the rest of the console loads: the page is usable after a fraction of the download.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const preloadFrame = () => preloadSignedInFrame(afterLoginPath(location.search));
  const card = useRef<HTMLElement>(null);
  // the server's static copy of this form (app/login-shell.ts): what was typed into it before the scripts ran
  const [shell] = useState(readLoginShell);
  // the copy's captcha, unless its post used it
  const captcha = useCaptcha(
    shell?.isSubmitted ? null : (shell?.captcha ?? null),
    !shell?.captcha && !shell?.isSubmitted,
  );
  const [status, setStatus] = useTransientStatus();
  const announceLanguage = (next: Language) => setStatus(t('navbar.switchLanguageSuccess', { lng: next }));
  const form = useLoginForm({
    shell,
    card,
    isSmsEnabled: config.login.smsSecondFactor,
    captcha: captcha.captcha,
    replaceUsedCaptcha: captcha.replaceUsed,
    onSignedIn: (token) => {
      startSession(token);
      // the session's calls start now, while the signed-in frame renders
      requestSession(token);
      navigate(afterLoginPath(location.search), { replace: true });
    },
  });
  useShellHandover({
    card,
    values: form.values,
    setValues: form.setValues,
    lang,
    onTyped: preloadFrame,
    onLanguageChosen: announceLanguage,
  });
  useDocumentTitle(t('routes.login'));

  const onLanguage = async (next: Language) => {
    if (next === lang) return;
    await changeLanguage(next);
    announceLanguage(next);
  };
  const labels: Record<FieldName, string> = {
    account: t('login.account'),
    password: t('login.password'),
    checkCode: t('login.checkCode'),
    smsCode: t('login.smsCode'),
  };
  const field = (name: FieldName) => ({
    input: inputProps(name, form.values, form.errors, form.setValue),
    label: labels[name],
    error: form.errors[name],
  });

  return (
    <div className="login-page">
      <main
        className="login-card"
        aria-labelledby="login-title"
        ref={card}
        // the visitor has started to sign in: the signed-in frame's code loads meanwhile
        onInputCapture={preloadFrame}
        onKeyDownCapture={preloadFrame}
        onPointerDownCapture={preloadFrame}
      >
        <LoginHead
          product={config.site.title[lang] || config.site.title.en}
          lang={lang}
          onLanguage={(next) => void onLanguage(next)}
        />
        <div className="login-status" role="status">
          {status}
        </div>
        <form noValidate autoComplete="on" onSubmit={(event) => void form.onSubmit(event)}>
          {form.formError && (
            <div className="login-form-error" role="alert">
              {form.formError}
            </div>
          )}
          <LoginField {...field('account')}>
            <input
              {...field('account').input}
              type="text"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
            />
          </LoginField>
          <PasswordField {...field('password')} />
          <CaptchaField
            {...field('checkCode')}
            captcha={captcha.captcha}
            hasFailed={captcha.hasFailed}
            onRefresh={() => void captcha.refresh()}
          />
          {form.showSms && (
            <LoginField
              {...field('smsCode')}
              after={<div className="login-hint">{t('login.smsCodeSent')}</div>}
            >
              <input
                {...field('smsCode').input}
                type="text"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={10}
              />
            </LoginField>
          )}
          <button
            type="submit"
            className="login-submit"
            disabled={!captcha.captcha}
            aria-busy={form.isSubmitting || undefined}
          >
            {form.isSubmitting && <span className="login-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
