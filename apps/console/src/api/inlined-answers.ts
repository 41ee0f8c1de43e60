import type { Language } from '@organiser/domain';

// The answers the server wrote into a signed-in page (<script id="inlined-answers" type="application/json">, made
// by the routes themselves while the page was served: apps/api/src/plugins/signed-in-answers.ts), by the call the
// console makes for them (`POST /api/user/get_current_user_info`: its method and URL). The HTTP client takes each once, at boot, in place of the call, for the session they were
// made for and in the language they were made in; whatever boot did not take is forgotten then, so no later call
// is ever answered from the page.

type Inlined = { lang: Language; token: string | null; answers: Map<string, unknown> };

let inlined: Inlined | null = null;

/** A call's method and URL, its query in a set order: the key an answer is written and asked under. */
export function answerKey(call: string): string {
  const [path = '', query = ''] = call.split('?');
  const search = new URLSearchParams(query);
  search.sort();
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Reads (and removes) the page's answers, for the session of `token`; whether there were any. */
export function readInlinedAnswers(token: string | null): boolean {
  inlined = null;
  const element = document.getElementById('inlined-answers');
  if (!element?.textContent) return false;
  element.remove();
  try {
    adoptInlinedAnswers(JSON.parse(element.textContent), token);
  } catch {
    // a page without usable answers: the calls go to the server
  }
  return inlined !== null;
}

/** Takes answers made for the session of `token` (`{ lang, answers }`, as the server writes them). */
export function adoptInlinedAnswers(written: unknown, token: string | null): void {
  inlined = null;
  const parsed = written as { lang?: unknown; answers?: unknown } | null;
  if (typeof parsed?.lang !== 'string' || typeof parsed.answers !== 'object' || parsed.answers === null)
    return;
  const answers = new Map(
    Object.entries(parsed.answers as Record<string, unknown>).map(([call, body]) => [answerKey(call), body]),
  );
  inlined = { lang: parsed.lang as Language, token, answers };
}

/** The answer written for this call (`GET /api/…`), once, if it was made for this session and language. */
export function takeInlinedAnswer(call: string, token: string | null, lang: Language): unknown {
  if (!inlined || inlined.token !== token || inlined.lang !== lang) return undefined;
  const key = answerKey(call);
  const body = inlined.answers.get(key);
  inlined.answers.delete(key);
  return body;
}

/** Forgets the answers boot did not take. */
export function forgetInlinedAnswers(): void {
  inlined = null;
}
