/** The WHATWG URL parser, global in browsers and Node (this package is typed without either's library). */
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

/** The login page's path: a redirect back to it would loop. */
const LOGIN_PATH = /^\/login(?:[?#]|$)/;
/** A base that cannot be the address of any page: a parsed path that leaves it named another site. */
const PROBE_ORIGIN = 'http://same-origin.invalid';

/** A tab or line break is dropped by the URL parser (`/\t/host` reads as `//host`): such a path is refused. */
const hasControlCharacter = (text: string) =>
  Array.from(text).some((char) => char <= '\u001f' || char === '\u007f');

/**
 * Where a login goes after success: the `redirect` it was given when that is a path on this site, else `/`. A path
 * that could lead off the site is refused (`//host`, `/\host`, a control character the URL parser drops, a full
 * address), and so is the login page itself. The answer is percent-encoded, fit for a Location header.
 */
export function afterLoginTarget(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || /^\/[/\\]/.test(redirect) || hasControlCharacter(redirect)) return '/';
  let url: { origin: string; pathname: string; search: string; hash: string };
  try {
    url = new URL(redirect, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  const target = `${url.pathname}${url.search}${url.hash}`;
  return LOGIN_PATH.test(target) ? '/' : target;
}
