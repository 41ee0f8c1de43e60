import type { KeyboardEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../api/user';

export type Values = { account: string; password: string; checkCode: string; smsCode: string };
export type FieldName = keyof Values;
export type Errors = Partial<Record<FieldName, string>>;

export const EMPTY: Values = { account: '', password: '', checkCode: '', smsCode: '' };
/** The fields in page order: focus goes to the first empty one. */
export const ORDER: FieldName[] = ['account', 'password', 'checkCode'];

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** What ties an input to its value, its label, its message and its invalid state. */
export type InputProps = {
  id: FieldName;
  name: FieldName;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

export function inputProps(
  name: FieldName,
  values: Values,
  errors: Errors,
  setValue: (name: FieldName, value: string) => void,
): InputProps {
  return {
    id: name,
    name,
    value: values[name],
    onChange: (event) => setValue(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    className: errors[name] ? 'login-input login-input-invalid' : 'login-input',
  };
}

type FieldProps = { input: InputProps; label: string; error?: string };

/** A labelled field with its message under it, and what follows the message (hints). */
export function LoginField(props: FieldProps & { children: ReactNode; after?: ReactNode }) {
  const { name } = props.input;
  return (
    <div className="login-field">
      <label htmlFor={name}>{props.label}</label>
      {props.children}
      {props.error ? (
        <div id={`${name}-error`} className="login-error" role="alert">
          {props.error}
        </div>
      ) : null}
      {props.after}
    </div>
  );
}

/** The password with a show/hide switch, and a hint while Caps Lock is on. */
export function PasswordField(props: FieldProps) {
  const { input } = props;
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  const [isCapsLock, setCapsLock] = useState(false);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };
  return (
    <LoginField
      {...props}
      after={
        isCapsLock && (
          <div className="login-hint" role="status">
            {t('login.capsLock')}
          </div>
        )
      }
    >
      <div className="login-password">
        <input
          {...input}
          type={isShown ? 'text' : 'password'}
          autoComplete="current-password"
          onKeyUp={onKey}
          onKeyDown={onKey}
          onBlur={() => setCapsLock(false)}
        />
        <button
          type="button"
          className="login-reveal"
          aria-pressed={isShown}
          aria-label={t('login.showPassword')}
          title={t('login.showPassword')}
          onClick={() => setShown((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
            />
            {isShown ? null : (
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 4l16 16" />
            )}
          </svg>
        </button>
      </div>
    </LoginField>
  );
}

/** The captcha's input beside its image; a click on the image asks for another. */
export function CaptchaField(
  props: FieldProps & {
    captcha: Captcha | null;
    hasFailed: boolean;
    onRefresh: () => void;
  },
) {
  const { t } = useTranslation();
  return (
    <LoginField
      {...props}
      after={
        props.hasFailed && (
          <div className="login-error" role="alert">
            {t('login.captchaFailed')}
          </div>
        )
      }
    >
      <div className="login-captcha-row">
        <input
          {...props.input}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
        />
        <button
          type="button"
          className="login-captcha"
          onClick={props.onRefresh}
          aria-label={t('login.captchaRefresh')}
          title={t('login.captchaRefresh')}
        >
          {props.captcha && !props.hasFailed ? (
            <img src={svgSource(props.captcha.svg)} alt={t('login.captchaImage')} />
          ) : null}
        </button>
      </div>
    </LoginField>
  );
}
