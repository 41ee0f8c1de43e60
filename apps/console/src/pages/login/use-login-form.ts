import type { Language } from '@organiser/domain';
import { type FormEvent, type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type Captcha, fetchCaptcha, type LoginContent, login } from '../../api/user';
import { type LoginShellState, takeLoginShell } from '../../app/login-shell';
import { changeLanguage } from '../../i18n/i18n';
import { EMPTY, type Errors, type FieldName, ORDER, type Values } from './login-fields';

type Field = NonNullable<LoginContent['field']>;

const inputOf = (card: RefObject<HTMLElement | null>, name: FieldName) =>
  card.current?.querySelector<HTMLInputElement>(`#${name}`);

/** The captcha shown, a new one on demand; the first is fetched as the page mounts unless one is given. */
export function useCaptcha(initial: Captcha | null, fetchOnMount: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(initial);
  const [hasFailed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  /** After a login that sent the captcha: it is used up, so none is shown or sent until the next one has come (a
   * quick second try would otherwise send the used one and be refused again, whatever was typed). */
  const replaceUsed = useCallback(async () => {
    setCaptcha(null);
    await refresh();
  }, [refresh]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, as the page mounts
  useEffect(() => {
    if (fetchOnMount) void refresh();
  }, [refresh]);
  return { captcha, hasFailed, refresh, replaceUsed };
}

/** A status line that goes away after a few seconds, like a toast. */
export function useTransientStatus() {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), 3000);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

/**
 * Before the first paint of the page: the server's static copy of the form is read once more (keys pressed
 * since the first render are in it) and removed, and the focus goes where it was in that copy with its
 * caret, else to the first empty field. The language clicked there before the scripts had loaded is kept.
 */
export function useShellHandover(options: {
  card: RefObject<HTMLElement | null>;
  values: Values;
  setValues: (values: Values) => void;
  lang: Language;
  onTyped: () => void;
  onLanguageChosen: (lang: Language) => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, as the page mounts
  useLayoutEffect(() => {
    const { card, values } = options;
    const taken = takeLoginShell();
    const carried = taken ? { ...EMPTY, ...taken.values } : null;
    if (carried && ORDER.some((name) => carried[name] !== '')) options.onTyped();
    if (carried && ORDER.some((name) => carried[name] !== values[name])) options.setValues(carried);
    const focus = taken?.focus;
    if (focus) {
      const field = inputOf(card, focus.field);
      if (field) {
        // the value is written now so the caret can be placed; the render that follows writes the same value
        field.value = taken.values[focus.field];
        field.focus();
        if (focus.start !== null && focus.end !== null) field.setSelectionRange(focus.start, focus.end);
      }
    } else {
      const filled = carried ?? values;
      const first = ORDER.find((name) => filled[name] === '');
      if (first) inputOf(card, first)?.focus();
    }
    if (taken?.lang && taken.lang !== options.lang) void changeLanguage(taken.lang);
    // a language clicked on the copy is confirmed as a click here would be
    if (taken?.lang && taken.isLangChosen) options.onLanguageChosen(taken.lang);
  }, []);
}

/**
 * The form's values, its messages (on the field the server names, else above the form) and its sending:
 * required fields checked first, the captcha used once, the SMS code asked for when the server says so.
 */
export function useLoginForm(options: {
  shell: LoginShellState | null;
  card: RefObject<HTMLElement | null>;
  isSmsEnabled: boolean;
  captcha: Captcha | null;
  replaceUsedCaptcha: () => Promise<void>;
  onSignedIn: (token: string) => void;
}) {
  const { t } = useTranslation();
  const { shell, card } = options;
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...shell?.values }));
  // the refusal of the copy's post, on the field it names
  const shellField = shell?.error?.field as FieldName | null | undefined;
  const [errors, setErrors] = useState<Errors>(() =>
    shellField && shell?.error ? { [shellField]: shell.error.message } : {},
  );
  const [formError, setFormError] = useState<string | null>(() =>
    shell?.error && !shellField ? shell.error.message : null,
  );
  // the copy was posted before these scripts ran: the server's answer is on its way
  const [isSubmitting, setSubmitting] = useState(shell?.isSubmitted ?? false);
  const [isSmsAsked, setSmsAsked] = useState(shellField === 'smsCode');
  const showSms = options.isSmsEnabled && isSmsAsked;

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
    for (const name of [...ORDER, ...(showSms ? (['smsCode'] as const) : [])]) {
      const value = values[name];
      if (name === 'password' ? value === '' : value.trim() === '') found[name] = requiredMessages[name];
    }
    return found;
  };

  const refused = (message: string, field: Field | null | undefined) => {
    if (field === 'smsCode') setSmsAsked(true);
    // a used captcha cannot be tried again
    setValues((v) => ({ ...v, checkCode: '' }));
    if (field) {
      setErrors({ [field]: message });
      inputOf(card, field)?.focus();
    } else {
      setErrors({});
      setFormError(message);
    }
  };

  const send = async (captcha: Captcha) => {
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
      if (token) return options.onSignedIn(token);
      // a refusal with content is handed back for the page to show, on the field it names
      refused(res.message, res.content?.field as Field | null | undefined);
      void options.replaceUsedCaptcha();
    } catch (error) {
      // the HTTP client has shown the message
      if (error instanceof ApiError) setValues((v) => ({ ...v, checkCode: '' }));
      void options.replaceUsedCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const found = validate();
    setErrors(found);
    const firstInvalid = (Object.keys(found) as FieldName[])[0];
    if (firstInvalid) inputOf(card, firstInvalid)?.focus();
    else if (options.captcha) await send(options.captcha);
  };

  return { values, setValues, setValue, errors, formError, isSubmitting, showSms, onSubmit };
}
