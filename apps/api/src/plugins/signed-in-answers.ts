import {
  detectLanguage,
  isHomePath,
  LANGUAGE_COOKIE,
  type Language,
  periodInAddress,
  TOKEN_COOKIE,
  TOKEN_HEADER,
} from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from '../http/cookies';

// The answers a signed-in first screen asks for as soon as the console boots (the session's three calls, and on
// the dashboard its figures), made while the page is served and written into it: the console takes each once, at
// boot, instead of asking the server after its code has run (apps/console/src/api/inlined-answers.ts). Each is
// the route's own answer to the same call with the page's session token, asked through the app (inject), so the
// access check, the row scope and the answer's shape are the route's; only successful answers are written, and
// a refused or failed call is left for the console to make and handle as it always does.

/** The answers written into a page and the language they were made in, by the call the console makes for them
 * (`POST /api/user/get_current_user_info`: its method and URL). */
export type InlinedAnswers = { lang: Language; answers: Record<string, unknown> };

type Call = { method: 'GET' | 'POST'; url: string };
const callKey = (call: Call) => `${call.method} ${call.url}`;

/** What the page is: its path and query (the dashboard's period is in its address). */
export type SignedInPage = { path: string; search: URLSearchParams };

/** The calls of every signed-in first screen. */
const SESSION_CALLS: Call[] = [
  { method: 'POST', url: '/api/user/get_current_user_info' },
  { method: 'GET', url: '/api/user/get_login_menu' },
  { method: 'POST', url: '/api/oss/get_url_prefix' },
];

/** The dashboard's figures as the console asks for them: the period of the page's address, when it names one. */
function dashboardCall(search: URLSearchParams): Call {
  const qs = new URLSearchParams(periodInAddress(search)).toString();
  return { method: 'GET', url: `/api/dashboard${qs ? `?${qs}` : ''}` };
}

/** The console's language for this visitor as it will pick it at boot: the answers are asked in it. */
export function pageLanguage(request: FastifyRequest): Language {
  return detectLanguage(
    readCookie(request.headers.cookie, LANGUAGE_COOKIE),
    String(request.headers['accept-language'] ?? '').split(','),
  );
}

/** The answers for a signed-in page, or null when its token opens no session (the console then goes to login). */
export function signedInAnswers(app: FastifyInstance) {
  return async (request: FastifyRequest, page: SignedInPage): Promise<InlinedAnswers | null> => {
    const token = readCookie(request.headers.cookie, TOKEN_COOKIE);
    if (!token) return null;
    const lang = pageLanguage(request);
    const calls = isHomePath(page.path) ? [...SESSION_CALLS, dashboardCall(page.search)] : SESSION_CALLS;
    const replies = await Promise.all(
      calls.map(async (call) => {
        const res = await app.inject({
          ...call,
          headers: {
            [TOKEN_HEADER.toLowerCase()]: token,
            'accept-language': lang,
            accept: 'application/json',
          },
          // counted for the visitor, as the console's own call would be (the rate limit, the logs)
          remoteAddress: request.ip,
        });
        if (res.statusCode !== 200) return null;
        const body = res.json() as { success?: unknown };
        return body.success === true ? ([callKey(call), body] as const) : null;
      }),
    );
    // in the order of the calls, whichever answered first: the same caller gets the same page
    const answers: Record<string, unknown> = Object.fromEntries(replies.filter((r) => r !== null));
    // without the person's own details the console asks again and shows the refusal itself
    return callKey(SESSION_CALLS[0]!) in answers ? { lang, answers } : null;
  };
}
