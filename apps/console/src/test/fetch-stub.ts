import { vi } from 'vitest';

// Stubs `fetch` at the network boundary: each API path answers with a JSON body (and an HTTP status), at once or
// when the promise a route's function returns settles.

export type Answer =
  | { status?: number; body: unknown }
  | ((
      init: RequestInit | undefined,
    ) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>);

export type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

export function stubApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname;
    calls.push({ url, method, headers: { ...(init?.headers as Record<string, string>) }, body: init?.body });
    const answer = routes[`${method} ${path}`] ?? routes[path];
    if (!answer) {
      return new Response(
        JSON.stringify({ success: false, code: 40401, message: `No such API: ${path}`, content: null }),
        {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }
    const { status = 200, body } = await (typeof answer === 'function' ? answer(init) : answer);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

export const ok = <T>(content: T) => ({ body: { success: true, code: 20000, message: 'success', content } });

export const refusal = (code: number, message: string, status = 400, content: unknown = null) => ({
  status,
  body: { success: false, code, message, content },
});
