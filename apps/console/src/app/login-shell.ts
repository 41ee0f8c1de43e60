import { LANGUAGES, type Language } from '@organiser/domain';

// The server sends a visitor who is about to see the login page a static copy of the login form
// (apps/api/src/plugins/login-shell.ts), just before #root, so the page paints before these scripts have run.
// The login page takes over what was typed into it and which field had the focus, then removes it; any other
// screen removes it as it opens.

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
};

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
  return {
    values,
    focus: focused
      ? { field: focused, start: caret?.selectionStart ?? null, end: caret?.selectionEnd ?? null }
      : null,
    lang: LANGUAGES.includes(lang as Language) ? (lang as Language) : null,
    isLangChosen: document.documentElement.hasAttribute('data-login-lang-chosen'),
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
