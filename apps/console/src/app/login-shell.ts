import { LANGUAGES, type Language } from '@organiser/domain';

// The server sends a visitor who is about to see the login page a static copy of the login form
// (apps/api/src/plugins/login-shell.ts), just before #root, so the page paints before these scripts have run.
// The login page takes over what was typed into it, which field had the focus, its captcha and the message of a
// refused post, then removes it; any other screen removes it as it opens. A shell whose form was posted before the
// scripts ran leaves the answer to the server: the page is on its way there.

const SHELL_ID = 'login-shell';
const FIELDS = ['account', 'password', 'checkCode'] as const;
export type ShellField = (typeof FIELDS)[number];

export type LoginShellState = {
  values: Record<ShellField, string>;
  /** The field that has the focus, with the caret, if any field of the shell has it. */
  focus: { field: ShellField; start: number | null; end: number | null } | null;
  /** The language the shell shows (chosen by its script, or clicked before the console had loaded). */
  lang: Language | null;
  /** Whether that language was clicked on the shell (rather than chosen by its script). */
  isLangChosen: boolean;
  /** The captcha the server put in the shell (its picture and token), not yet used unless `isSubmitted`. */
  captcha: { token: string; svg: string } | null;
  /** The refusal of the shell's last post, in the language shown, on the field it names (null: the whole form). */
  error: { field: string | null; message: string } | null;
  /** The shell's form was posted to the server: the page is on its way to the answer. */
  isSubmitted: boolean;
};

/** The start of the captcha picture's address in the shell (the console's login page draws it the same way). */
const SVG_PREFIX = 'data:image/svg+xml;charset=utf-8,';

function shellCaptcha(shell: HTMLElement): LoginShellState['captcha'] {
  const token = shell.querySelector<HTMLInputElement>('input[name="token"]')?.value;
  const src = shell.querySelector<HTMLImageElement>('.login-captcha img')?.getAttribute('src');
  if (!token || !src?.startsWith(SVG_PREFIX)) return null;
  try {
    return { token, svg: decodeURIComponent(src.slice(SVG_PREFIX.length)) };
  } catch {
    return null;
  }
}

function shellError(shell: HTMLElement, lang: Language | null): LoginShellState['error'] {
  const element = shell.querySelector<HTMLElement>('[data-login-error]');
  if (!element) return null;
  const text = element.querySelector(`[data-l="${lang ?? 'en'}"]`)?.textContent ?? element.textContent ?? '';
  return { field: element.dataset.loginError || null, message: text };
}

const shellElement = () => (typeof document === 'undefined' ? null : document.getElementById(SHELL_ID));

/** What the shell holds now, or null when the page has none. */
export function readLoginShell(): LoginShellState | null {
  const shell = shellElement();
  if (!shell) return null;
  const input = (name: ShellField) => shell.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const values = Object.fromEntries(FIELDS.map((name) => [name, input(name)?.value ?? ''])) as Record<
    ShellField,
    string
  >;
  const active = document.activeElement;
  const focused = FIELDS.find((name) => input(name) === active) ?? null;
  const caret = focused ? input(focused) : null;
  const lang = document.documentElement.dataset.loginLang;
  const shown = LANGUAGES.includes(lang as Language) ? (lang as Language) : null;
  return {
    values,
    focus: focused
      ? { field: focused, start: caret?.selectionStart ?? null, end: caret?.selectionEnd ?? null }
      : null,
    lang: shown,
    isLangChosen: document.documentElement.hasAttribute('data-login-lang-chosen'),
    captcha: shellCaptcha(shell),
    error: shellError(shell, shown),
    isSubmitted: document.documentElement.hasAttribute('data-login-submitted'),
  };
}

/** Removes the shell (another screen is opening, or the login page has taken it over). */
export function removeLoginShell(): void {
  shellElement()?.remove();
  if (typeof document !== 'undefined') document.documentElement.removeAttribute('data-login-lang-chosen');
}

/** Reads the shell and removes it, for the login page as it mounts. */
export function takeLoginShell(): LoginShellState | null {
  const state = readLoginShell();
  removeLoginShell();
  return state;
}
