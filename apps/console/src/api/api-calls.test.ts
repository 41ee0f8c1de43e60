import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Outside src/api/ the console calls the API only through the typed client (`callApi`, call.ts) or the engine's
// entity API (entity-api.ts): no page, widget or engine screen spells a URL or hands one to the HTTP client.

const SRC = path.join(import.meta.dirname, '..');

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'http.* called outside src/api/', pattern: /\bhttp\.(get|post|put|delete|patch)\s*[<(]/ },
  { name: 'a URL handed to request() or upload()', pattern: /\b(request|upload)\s*(<[^>]*>)?\(\s*[`'"]\// },
  { name: 'fetch of an API URL', pattern: /\bfetch\(\s*[`'"]\/api\// },
];

/** The hand-spelled calls of one file's text, as `line: rule`. */
export function handSpelledCalls(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const rule of RULES) if (rule.pattern.test(line)) found.push(`${i + 1}: ${rule.name}`);
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === path.join(SRC, 'api') ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('API calls outside src/api/', () => {
  it('are found when a URL is spelled by hand', () => {
    expect(handSpelledCalls("const r = await http.get<Row[]>('/role/list', query);")).toEqual([
      '1: http.* called outside src/api/',
    ]);
    expect(handSpelledCalls('http.post(`/user_manager/send_active_email/` + id)')).toEqual([
      '1: http.* called outside src/api/',
    ]);
    expect(handSpelledCalls("request<LoginContent>('/user/login', { method: 'POST' })")).toEqual([
      '1: a URL handed to request() or upload()',
    ]);
    expect(handSpelledCalls("await fetch('/api/config')")).toEqual(['1: fetch of an API URL']);
  });

  it('are not found in calls through the typed client or the entity API', () => {
    expect(handSpelledCalls("await callApi('login_security_unlock', { params: { id } })")).toEqual([]);
    expect(handSpelledCalls('await entityApi.list(entity, query, signal)')).toEqual([]);
  });

  // Turned on once the role, permission and account screens (pages/access, pages/users) call the typed client.
  it('none is spelled by hand in the console', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      handSpelledCalls(readFileSync(file, 'utf8')).map((at) => `${path.relative(SRC, file)}:${at}`),
    );
    expect(found).toEqual([]);
  });
});
