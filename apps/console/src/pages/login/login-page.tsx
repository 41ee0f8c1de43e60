import { LANGUAGES, type Language, LOGO_DATA_URI } from '@organiser/domain';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { type Captcha, fetchCaptcha, type LoginContent, login } from '../../api/user';
import { useDocumentTitle } from '../../app/document-title';
import { afterLoginPath } from '../../app/guard';
import { readLoginShell, takeLoginShell } from '../../app/login-shell';
import { preloadSignedInFrame } from '../../app/preload-frame';
import { requestSession } from '../../app/session-request';
import { LANGUAGE_NAMES } from '../../components/language-names';
import { changeLanguage } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { usePublicConfig } from '../../state/config-context';
import { startSession } from '../../state/session';
import './login-page.css';

type Values = { account: string; password: string; checkCode: string; smsCode: string };
type FieldName = keyof Values;
type Field = NonNullable<LoginContent['field']>;
type Errors = Partial<Record<FieldName, string>>;

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const EMPTY: Values = { account: '', password: '', checkCode: '', smsCode: '' };
/** The fields in page order: focus goes to the first empty one. */
const ORDER: FieldName[] = ['account', 'password', 'checkCode'];

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
  // the server's static copy of this form (app/login-shell.ts): what was typed into it before the scripts ran
  const [shell] = useState(readLoginShell);
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...shell?.values }));
  // the refusal of the copy's post, on the field it names
  const shellField = shell?.error?.field as FieldName | null | undefined;
  const [errors, setErrors] = useState<Errors>(() =>
    shellField && shell?.error ? { [shellField]: shell.error.message } : {},
  );
  const [formError, setFormError] = useState<string | null>(() =>
    shell?.error && !shellField ? shell.error.message : null,
  );
  const [status, setStatus] = useState<string | null>(null);
  // the copy's captcha, unless its post used it
  const [captcha, setCaptcha] = useState<Captcha | null>(() =>
    shell?.isSubmitted ? null : (shell?.captcha ?? null),
  );
  const [hasCaptchaFailed, setCaptchaFailed] = useState(false);
  // the copy was posted before these scripts ran: the server's answer is on its way
  const [isSubmitting, setSubmitting] = useState(shell?.isSubmitted ?? false);
  const [isCapsLock, setCapsLock] = useState(false);
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [isSmsAsked, setSmsAsked] = useState(shellField === 'smsCode');
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, as the page mounts
  useEffect(() => {
    if (!captcha && !shell?.isSubmitted) void refreshCaptcha();
  }, [refreshCaptcha]);

  // Before the first paint of this page: the static form is read once more (keys pressed since the first render
  // are in it) and removed, and the focus goes where it was in that form with its caret, else to the first empty
  // field (template behaviour). The language clicked there before the scripts had loaded is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, as the page mounts
  useLayoutEffect(() => {
    const taken = takeLoginShell();
    const carried = taken ? { ...EMPTY, ...taken.values } : null;
    if (carried && ORDER.some((name) => carried[name] !== '')) preloadFrame();
    if (carried && ORDER.some((name) => carried[name] !== values[name])) setValues(carried);
    const input = (name: FieldName) => cardRef.current?.querySelector<HTMLInputElement>(`#${name}`);
    const focus = taken?.focus;
    if (focus) {
      const field = input(focus.field);
      if (field) {
        // the value is written now so the caret can be placed; the render that follows writes the same value
        field.value = taken.values[focus.field];
        field.focus();
        if (focus.start !== null && focus.end !== null) field.setSelectionRange(focus.start, focus.end);
      }
    } else {
      const filled = carried ?? values;
      const first = ORDER.find((name) => filled[name] === '');
      if (first) input(first)?.focus();
    }
    if (taken?.lang && taken.lang !== lang) void changeLanguage(taken.lang);
    // a language clicked on the copy is confirmed as a click here would be
    if (taken?.lang && taken.isLangChosen) setStatus(t('navbar.switchLanguageSuccess', { lng: taken.lang }));
  }, []);

  useEffect(() => {
    // the confirmation of a language switch goes away like a toast
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 3000);
    return () => clearTimeout(timer);
  }, [status]);

  const showSms = config.login.smsSecondFactor && isSmsAsked;

  const setValue = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // a changed value clears the message on that field
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const requiredMessages: Record<FieldName, string> = {
    account: t('login.accountRequired'),
    password: t('login.passwordRequired'),
    checkCode: t('login.checkCodeRequired'),
    smsCode: t('login.smsCodeRequired'),
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const names: FieldName[] = [
      'account',
      'password',
      'checkCode',
      ...(showSms ? (['smsCode'] as const) : []),
    ];
    for (const name of names) {
      const value = values[name];
      if (name === 'password' ? value === '' : value.trim() === '') found[name] = requiredMessages[name];
    }
    return found;
  };

  const focusField = (name: FieldName) =>
    cardRef.current?.querySelector<HTMLInputElement>(`#${name}`)?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const found = validate();
    setErrors(found);
    const firstInvalid = (Object.keys(found) as FieldName[])[0];
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    if (!captcha) return;
    setSubmitting(true);
    try {
      const res = await login({
        account: values.account,
        password: values.password,
        checkCode: values.checkCode,
        ...(showSms ? { smsCode: values.smsCode } : {}),
        token: captcha.token,
      });
      const token = res.success ? res.content?.token : undefined;
      if (token) {
        startSession(token);
        // the session's calls start now, while the signed-in frame renders
        requestSession(token);
        navigate(afterLoginPath(location.search), { replace: true });
        return;
      }
      // a refusal with content is handed back for the page to show, on the field it names
      const field = res.content?.field as Field | null | undefined;
      if (field === 'smsCode') setSmsAsked(true);
      // a used captcha cannot be tried again
      setValues((v) => ({ ...v, checkCode: '' }));
      if (field) {
        setErrors({ [field]: res.message });
        focusField(field);
      } else {
        setErrors({});
        setFormError(res.message);
      }
      void refreshCaptcha();
    } catch (error) {
      // the HTTP client has shown the message
      if (error instanceof ApiError) setValues((v) => ({ ...v, checkCode: '' }));
      void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };

  const onLanguage = async (next: Language) => {
    if (next === lang) return;
    await changeLanguage(next);
    setStatus(t('navbar.switchLanguageSuccess', { lng: next }));
  };

  const product = config.site.title[lang] || config.site.title.en;

  /** Props that tie an input to its label, its message and its invalid state. */
  const fieldProps = (name: FieldName) => ({
    id: name,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    className: errors[name] ? 'login-input login-input-invalid' : 'login-input',
  });
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <div id={`${name}-error`} className="login-error" role="alert">
        {errors[name]}
      </div>
    ) : null;

  return (
    <div className="login-page">
      <main
        className="login-card"
        aria-labelledby="login-title"
        ref={cardRef}
        // the visitor has started to sign in: the signed-in frame's code loads meanwhile
        onInputCapture={preloadFrame}
        onKeyDownCapture={preloadFrame}
        onPointerDownCapture={preloadFrame}
      >
        <div className="login-card-head">
          <div className="login-brand">
            <img src={LOGO_DATA_URI} alt="" width={36} height={36} />
            <div>
              <div className="login-product">{product}</div>
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
                aria-pressed={l === lang}
                className={l === lang ? 'login-lang-option login-lang-current' : 'login-lang-option'}
                onClick={() => void onLanguage(l)}
              >
                {LANGUAGE_NAMES[l]}
              </button>
            ))}
          </fieldset>
        </div>
        <div className="login-status" role="status">
          {status}
        </div>
        <form noValidate autoComplete="on" onSubmit={(event) => void onSubmit(event)}>
          {formError && (
            <div className="login-form-error" role="alert">
              {formError}
            </div>
          )}
          <div className="login-field">
            <label htmlFor="account">{t('login.account')}</label>
            <input
              {...fieldProps('account')}
              type="text"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
            />
            {fieldError('account')}
          </div>
          <div className="login-field">
            <label htmlFor="password">{t('login.password')}</label>
            <div className="login-password">
              <input
                {...fieldProps('password')}
                type={isPasswordShown ? 'text' : 'password'}
                autoComplete="current-password"
                onKeyUp={onPasswordKey}
                onKeyDown={onPasswordKey}
                onBlur={() => setCapsLock(false)}
              />
              <button
                type="button"
                className="login-reveal"
                aria-pressed={isPasswordShown}
                aria-label={t('login.showPassword')}
                title={t('login.showPassword')}
                onClick={() => setPasswordShown((shown) => !shown)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
                  />
                  {isPasswordShown ? null : (
                    <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 4l16 16" />
                  )}
                </svg>
              </button>
            </div>
            {fieldError('password')}
            {isCapsLock && (
              <div className="login-hint" role="status">
                {t('login.capsLock')}
              </div>
            )}
          </div>
          <div className="login-field">
            <label htmlFor="checkCode">{t('login.checkCode')}</label>
            <div className="login-captcha-row">
              <input
                {...fieldProps('checkCode')}
                type="text"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={20}
              />
              <button
                type="button"
                className="login-captcha"
                onClick={() => void refreshCaptcha()}
                aria-label={t('login.captchaRefresh')}
                title={t('login.captchaRefresh')}
              >
                {captcha && !hasCaptchaFailed ? (
                  <img src={svgSource(captcha.svg)} alt={t('login.captchaImage')} />
                ) : null}
              </button>
            </div>
            {fieldError('checkCode')}
            {hasCaptchaFailed && (
              <div className="login-error" role="alert">
                {t('login.captchaFailed')}
              </div>
            )}
          </div>
          {showSms && (
            <div className="login-field">
              <label htmlFor="smsCode">{t('login.smsCode')}</label>
              <input
                {...fieldProps('smsCode')}
                type="text"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={10}
              />
              {fieldError('smsCode')}
              <div className="login-hint">{t('login.smsCodeSent')}</div>
            </div>
          )}
          <button
            type="submit"
            className="login-submit"
            disabled={!captcha}
            aria-busy={isSubmitting || undefined}
          >
            {isSubmitting && <span className="login-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
