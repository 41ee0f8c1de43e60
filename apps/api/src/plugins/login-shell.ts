import { createHash } from 'node:crypto';
import {
  flattenMessages,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  LOGO_DATA_URI,
  messages,
  type PublicConfig,
  TOKEN_STORAGE_KEY,
} from '@organiser/domain';

// The login form as static HTML, sent in the first response to a visitor who is about to see the login page, so
// the page paints before the console's scripts have loaded. It has the markup and class names of the console's
// login page (apps/console/src/pages/login/login-page.tsx), whose stylesheet the server inlines beside it, so
// the console's own page replaces it without a visible change. Texts come from the console's message catalogues
// (with the site variant's text set on top), in both languages; a small script in <head> picks the language
// the console will use (the stored choice, else the browser's, else English) before the body is parsed, and CSS
// shows that language's texts only. The console takes the typed values and the focused field over when its
// login page mounts (apps/console/src/app/login-shell.ts) and removes this element.

/** The element the console looks for. It sits just before #root, so the console's first render leaves it alone. */
export const LOGIN_SHELL_ID = 'login-shell';

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

/** Text for an HTML text node or a double-quoted attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Picks the language as the console's initialLanguage() does (apps/console/src/i18n/i18n.ts): the language
 * cookie, else the first browser language that starts with a known code, else English. It sets <html lang> and
 * `data-login-lang`, which the shell's CSS reads. A click on a language button of the shell, before the console
 * has loaded, stores the choice in the same cookie the console reads, switches the texts and marks the choice
 * (`data-login-lang-chosen`) so the console's login page confirms it when it takes the copy over. A visitor whose
 * token is still in local storage (the session cookie ended with the browser) is signed in: the script marks the
 * page (`data-signed-in`) and the form stays hidden while the console opens the page asked for. A submit of the
 * form (Enter or the button) goes to the server as a plain form post: the script adds where to go afterwards (the
 * `redirect` of /login, else the page asked for) and marks the page (`data-login-submitted`), so a second press does
 * not post again and the console, if it loads before the answer, waits for it instead of taking the form over.
 */
const SCRIPT = `(function(){var d=document.documentElement,c=${JSON.stringify(LANGUAGES)},n=${JSON.stringify(LANGUAGE_COOKIE)};
try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))d.setAttribute("data-signed-in","")}catch(e){}
function set(l){d.lang=l==="zh"?"zh-CN":"en";d.setAttribute("data-login-lang",l)}
var m=document.cookie.match(new RegExp("(?:^|; *)"+n+"=([^;]*)")),l=null;
try{l=m&&decodeURIComponent(m[1])}catch(e){}
if(c.indexOf(l)<0){l="en";var b=navigator.languages||[navigator.language];
for(var i=0,f=0;i<b.length&&!f;i++){var t=String(b[i]).toLowerCase();for(var j=0;j<c.length;j++)if(t.indexOf(c[j])===0){l=c[j];f=1;break}}}
set(l);
document.addEventListener("click",function(e){var x=e.target&&e.target.closest&&e.target.closest("[data-login-lang-choice]");
if(!x)return;var v=x.getAttribute("data-login-lang-choice");
document.cookie=n+"="+v+"; path=/; max-age=31536000; samesite=lax";set(v);d.setAttribute("data-login-lang-chosen","")});
document.addEventListener("submit",function(e){var f=e.target;if(!f.closest||!f.closest("#${LOGIN_SHELL_ID}"))return;
if(d.hasAttribute("data-login-submitted")){e.preventDefault();return}
var p=location.pathname,r=f.querySelector("input[name=redirect]");
if(r)r.value=p==="/login"?new URLSearchParams(location.search).get("redirect")||"/":p+location.search;
d.setAttribute("data-login-submitted","");f.querySelector("[type=submit]").setAttribute("aria-busy","true")},true)})();`;

/** The CSP source that allows the script above and nothing else inline. */
export const LOGIN_SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/**
 * Shows one language's texts: English unless the script chose another (English also without scripts). The
 * captcha box is a plain element here (a button in the console's page, which sizes its border inside its width).
 */
const STYLE = `${LANGUAGES.map((lang) =>
  lang === 'en'
    ? `html[data-login-lang]:not([data-login-lang="en"]) #${LOGIN_SHELL_ID} [data-l="en"]`
    : `html:not([data-login-lang="${lang}"]) #${LOGIN_SHELL_ID} [data-l="${lang}"]`,
).join(
  ',',
)},html[data-signed-in] #${LOGIN_SHELL_ID}{display:none!important}#${LOGIN_SHELL_ID} .login-captcha{box-sizing:border-box}`;

/** The <head> part of the shell: the language choice and the CSS that shows one language. */
export const loginShellHead = () => `<style>${STYLE}</style><script>${SCRIPT}</script>`;

/** The password field's eye, as the console's login page draws it (password hidden). */
const EYE =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"/><path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M4 4l16 16"/></svg>';

/** The static login form for the site as configured now (its name and text set). */
export function loginShellBody(config: PublicConfig): string {
  const catalogue = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, flattenMessages(messages[lang])]),
  ) as Record<Language, Record<string, string>>;
  const text = (lang: Language, key: string) =>
    config.site.texts[lang]?.[key] ?? catalogue[lang][key] ?? catalogue.en[key] ?? key;
  /** One span per language; CSS shows the chosen one. */
  const both = (pick: (lang: Language) => string) =>
    LANGUAGES.map(
      (lang) => `<span data-l="${lang}" lang="${HTML_LANG[lang]}">${escapeHtml(pick(lang))}</span>`,
    ).join('');
  const t = (key: string) => both((lang) => text(lang, key));
  const siteName = both((lang) => config.site.title[lang] || config.site.title.en);

  // one group of language buttons per language, so each has its own legend and pressed state without a script
  const languageChoice = LANGUAGES.map(
    (current) =>
      `<fieldset class="login-lang" data-l="${current}" lang="${HTML_LANG[current]}"><legend class="app-visually-hidden">${escapeHtml(text(current, 'login.language'))}</legend>${LANGUAGES.map(
        (lang) =>
          `<button type="button" lang="${HTML_LANG[lang]}" aria-pressed="${lang === current}" class="${lang === current ? 'login-lang-option login-lang-current' : 'login-lang-option'}" data-login-lang-choice="${lang}">${escapeHtml(LANGUAGE_NAMES[lang])}</button>`,
      ).join('')}</fieldset>`,
  ).join('');

  const field = (name: LoginShellField, key: string, input: string, after = '') =>
    `<div class="login-field"><label for="${name}">${t(key)}</label>${input}${after}${SLOT.error(name)}</div>`;
  const textInput = (name: string, attributes: string) =>
    `<input id="${name}" name="${name}" class="login-input" ${attributes}>`;

  // A plain form post to the server (LOGIN_FORM_ACTION), which answers with the session cookie and the page asked
  // for, or with this page again and the refusal's message: the form works before the console has loaded, and
  // without scripts. The parts that differ per visitor are slots, filled on each request (fillLoginShell).
  return `<div id="${LOGIN_SHELL_ID}" class="login-page"><main class="login-card" aria-labelledby="login-title"><div class="login-card-head"><div class="login-brand"><img src="${escapeHtml(LOGO_DATA_URI)}" alt="" width="36" height="36"><div><div class="login-product">${siteName}</div><h1 id="login-title" class="login-title">${t('login.heading')}</h1></div></div>${languageChoice}</div><form method="post" action="${LOGIN_FORM_ACTION}" novalidate autocomplete="on"><input type="hidden" name="redirect" value="/">${SLOT.formError}${field(
    'account',
    'login.account',
    textInput(
      'account',
      `type="text" autocomplete="username" autocapitalize="off" spellcheck="false" ${SLOT.account}`,
    ),
  )}${field(
    'password',
    'login.password',
    `<div class="login-password">${textInput('password', 'type="password" autocomplete="current-password"')}<span class="login-reveal" aria-hidden="true">${EYE}</span></div>`,
  )}${field(
    'checkCode',
    'login.checkCode',
    `<div class="login-captcha-row">${textInput('checkCode', 'type="text" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="20"')}<span class="login-captcha" aria-hidden="true">${SLOT.captcha}</span></div>`,
  )}<button type="submit" class="login-submit" ${SLOT.submit}>${t('login.submit')}</button></form></main></div>`;
}

/** Where the static form posts (the login for a browser's form, beside the API's JSON login). */
export const LOGIN_FORM_ACTION = '/api/user/login_form';

const SHELL_FIELDS = ['account', 'password', 'checkCode'] as const;
export type LoginShellField = (typeof SHELL_FIELDS)[number];

/** What one visitor's copy of the form holds: a captcha of its own, and after a refused post its message. */
export type LoginShellFill = {
  captcha?: { token: string; svg: string } | null;
  /** The account typed before a refused post (never the password). */
  account?: string;
  /**
   * A refused post's message in each language, on the field it names (null, or a field this form does not have
   * such as the SMS code: above the fields). The console's page takes it over with the field's name.
   */
  error?: { field: string | null; message: Record<Language, string> } | null;
};

/** Marks in the cached page where each visitor's parts go: comments and attribute-position names no text contains. */
const SLOT = {
  captcha: '<!--login-slot:captcha-->',
  formError: '<!--login-slot:error-->',
  error: (field: LoginShellField) => `<!--login-slot:error:${field}-->`,
  account: 'data-login-slot-account',
  submit: 'data-login-slot-submit',
};
const ANY_SLOT = /<!--login-slot:[a-zA-Z:]*-->|data-login-slot-(account|submit)/g;

/** The captcha picture as the console's page shows it. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * One visitor's login page: the captcha picture and its token (without one, the button stays disabled until the
 * console has fetched one), the account typed before a refusal and the refusal's message, in both languages.
 */
export function fillLoginShell(page: string, fill: LoginShellFill = {}): string {
  const { captcha, error } = fill;
  const both = (text: Record<Language, string>) =>
    LANGUAGES.map(
      (lang) => `<span data-l="${lang}" lang="${HTML_LANG[lang]}">${escapeHtml(text[lang])}</span>`,
    ).join('');
  const onField = SHELL_FIELDS.find((field) => field === error?.field) ?? null;
  const message = error
    ? `<div class="${onField ? 'login-error' : 'login-form-error'}" role="alert" data-login-error="${escapeHtml(error.field ?? '')}"${onField ? ` id="${onField}-error"` : ''}>${both(error.message)}</div>`
    : '';
  const slots: Record<string, string> = {
    [SLOT.captcha]: captcha
      ? `<input type="hidden" name="token" value="${escapeHtml(captcha.token)}"><img src="${escapeHtml(svgSource(captcha.svg))}" alt="">`
      : '',
    [SLOT.formError]: onField ? '' : message,
    [SLOT.account]: fill.account ? `value="${escapeHtml(fill.account)}"` : '',
    [SLOT.submit]: captcha ? '' : 'disabled',
  };
  for (const field of SHELL_FIELDS) slots[SLOT.error(field)] = onField === field ? message : '';
  return page.replace(ANY_SLOT, (slot) => slots[slot] ?? '');
}
