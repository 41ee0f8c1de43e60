import {
  errorCatalogue,
  errorMessage,
  flattenMessages,
  LANGUAGES,
  type Language,
  messages,
} from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppError } from '../../errors';
import { readCookie, serializeCookie } from '../../http/cookies';
import type { LoginFill } from '../../plugins/console-page';
import type { LoginShellField, LoginShellFill } from '../../plugins/login-shell';
import { CAPTCHA_PATH, createCaptcha } from './captcha';

// The login page's own form (plugins/login-shell.ts) posts to the server, so it works before the console's scripts
// have loaded. The server answers with a redirect either way: to the page asked for with the session cookie set,
// or back to the login page with the refusal kept for one page load in a cookie of its own (the message is shown
// in the first HTML, in both languages, on the field it names).

/** The refusal of a form post, for the next login page the browser loads; readable by the server only. */
export const LOGIN_FLASH_COOKIE = 'login-refusal';
/** Long enough for the redirect that follows the post, short enough not to greet a later visit. */
const FLASH_SECONDS = 60;

/** What the cookie holds: the message's key and numbers (never its text), its field and the account typed. */
type Flash = { k: string; p?: Record<string, number>; f: string | null; a: string };

const REQUIRED_KEYS = ['login.accountRequired', 'login.passwordRequired', 'login.checkCodeRequired'];
/** The fields a refusal can name (login.ts's LoginField). */
const FIELDS = ['account', 'password', 'checkCode', 'smsCode'];

let catalogues: Record<Language, Record<string, string>> | null = null;

/** A flash's message in every language, or null for a key that is neither a refusal nor a required field. */
function flashMessage(flash: Flash): Record<Language, string> | null {
  if (flash.k in errorCatalogue) {
    const key = flash.k as keyof typeof errorCatalogue;
    return Object.fromEntries(LANGUAGES.map((lang) => [lang, errorMessage(key, lang, flash.p)])) as Record<
      Language,
      string
    >;
  }
  if (!REQUIRED_KEYS.includes(flash.k)) return null;
  catalogues ??= Object.fromEntries(
    LANGUAGES.map((lang) => [lang, flattenMessages(messages[lang])]),
  ) as Record<Language, Record<string, string>>;
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, catalogues![lang]![flash.k] ?? flash.k]),
  ) as Record<Language, string>;
}

/** The Set-Cookie value that carries a refusal (an AppError, or a required field's key) to the next login page. */
export function refusalCookie(
  refusal: AppError | { key: string; field: LoginShellField },
  account: string,
  secure: boolean,
): string {
  const flash: Flash =
    'messageIn' in refusal
      ? {
          k: refusal.key,
          p: refusal.params as Record<string, number> | undefined,
          f: ((refusal.content as { field?: string } | undefined)?.field as string | undefined) ?? null,
          a: account,
        }
      : { k: refusal.key, f: refusal.field, a: account };
  const value = Buffer.from(JSON.stringify(flash)).toString('base64url');
  return serializeCookie(LOGIN_FLASH_COOKIE, value, { maxAge: FLASH_SECONDS, httpOnly: true, secure });
}

/** Deletes the refusal's cookie (it is shown once, or a login succeeded). */
export const clearRefusalCookie = (secure: boolean) =>
  serializeCookie(LOGIN_FLASH_COOKIE, '', { maxAge: 0, httpOnly: true, secure });

/** The refusal a form post left for this page load, as the login page shows it; null when there is none. */
export function readRefusal(request: FastifyRequest): Pick<LoginShellFill, 'account' | 'error'> | null {
  const raw = readCookie(request.headers.cookie, LOGIN_FLASH_COOKIE);
  if (!raw) return null;
  let flash: Flash;
  try {
    flash = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
  } catch {
    return null;
  }
  if (typeof flash?.k !== 'string' || typeof flash.a !== 'string') return null;
  const numbers = Object.values(flash.p ?? {}).every((value) => typeof value === 'number');
  const message = numbers ? flashMessage(flash) : null;
  if (!message) return null;
  const field = typeof flash.f === 'string' && FIELDS.includes(flash.f) ? flash.f : null;
  return { account: flash.a.slice(0, 64), error: { field, message } };
}

/**
 * Whether a form post comes from a page of this site (login cross-site request forgery: another site's page
 * signing the visitor in to an account of its choosing). Browsers say so in `Sec-Fetch-Site`; one that does not
 * names the page's origin, whose host must be this server's. (Under this server's `Referrer-Policy: no-referrer` a
 * browser sends `Origin: null` on a form post, so the origin alone cannot tell.) The session cookie is SameSite=Lax
 * besides.
 */
export function isSameOriginPost(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const fromHere = () => {
    try {
      // the Host header as a URL's host (a default port left out, as in the Origin header)
      return new URL(String(origin)).host === new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      return false;
    }
  };
  if (typeof origin === 'string' && origin !== 'null' && !fromHere()) return false;
  if (site !== undefined) return site === 'same-origin';
  return typeof origin === 'string' && origin !== 'null';
}

/** Whether the browser reached this server over HTTPS (the cookies are then Secure). */
export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The login page's per-visitor parts: a refusal left by the last form post (then forgotten), and a captcha of its
 * own, counted against the captcha's rate limit as if it had been asked for (past the limit, or when it cannot be
 * made, the page has none and the console asks for one as it loads).
 */
export function loginPageFill(app: FastifyInstance): LoginFill {
  const { db, config } = app;
  const captchas = app.createRateLimit({
    max: config.deployment.rateLimit.captchaPerMinute,
    timeWindow: 60_000,
    counterName: `GET${CAPTCHA_PATH}`,
  } as Parameters<typeof app.createRateLimit>[0]);
  return async (request, reply) => {
    const refusal = readRefusal(request);
    if (readCookie(request.headers.cookie, LOGIN_FLASH_COOKIE) !== null)
      reply.header('Set-Cookie', clearRefusalCookie(isHttps(request)));
    let captcha: LoginShellFill['captcha'] = null;
    try {
      const limited = await captchas(request);
      if (limited.isAllowed || !limited.isExceeded)
        captcha = await createCaptcha(db, config.deployment.login.captchaTtlSeconds);
    } catch (error) {
      request.log.warn({ err: error }, 'the login page was sent without a captcha');
    }
    return { ...refusal, captcha };
  };
}
