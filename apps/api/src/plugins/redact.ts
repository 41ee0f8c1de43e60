// Secrets never reach a log, the system log table or the server's own output. A value is a secret when its
// key names one (password, token, checkCode, smsCode, …), at any depth. Keys and loose strings are searched
// too: a JSON text sent as text/plain, a JSON text that a form parser turned into a key, `password=…` in a
// query string or a message all have the secret part replaced.

export const REDACTED = '[redacted]';

export const SECRET_KEY =
  /password|passwd|pwd|token|checkCode|smsCode|secret|captcha|authorization|cookie|credential/i;

const MAX_DEPTH = 20;
/** Longest loose text searched for secrets (longer ones are cut: the system log keeps 4 KB anyway). */
const MAX_TEXT = 8192;

// `key` (bare or quoted) followed by `=` or `:` and its value (quoted, or up to the next separator). The
// repetitions around the secret word are bounded, so a long text cannot make the search slow.
const SECRET_PAIR = new RegExp(
  `((?:\\\\?["']|%22)?[\\w.\\-\\[\\]]{0,40}(?:${SECRET_KEY.source})[\\w.\\-\\[\\]]{0,40}(?:\\\\?["']|%22)?\\s{0,5}(?:=|:|%3A)\\s{0,5})` +
    `("(?:[^"\\\\]|\\\\.)*"|'[^']*'|%22.*?%22|[^\\s&,;}\\]]*)`,
  'gi',
);

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
}

/** A string with every secret-looking part replaced. */
export function redactString(text: string, depth = 0): string {
  if (!text || depth > MAX_DEPTH) return text;
  if (looksLikeJson(text)) {
    try {
      return JSON.stringify(redact(JSON.parse(text), depth + 1));
    } catch {
      // not JSON after all: fall through to the pattern
    }
  }
  if (!SECRET_KEY.test(text)) return text;
  // Logs keep a few KB of any argument: a longer text is cut first, which also bounds the search's cost.
  const cut =
    text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…[${text.length - MAX_TEXT} more characters]` : text;
  return cut.replace(SECRET_PAIR, (_match, key: string) => `${key}${REDACTED}`);
}

/** A copy with every secret-named key's value replaced, keys and strings searched too (any depth). */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'string') return redactString(value, depth);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) =>
        SECRET_KEY.test(k)
          ? [redactString(k, depth), REDACTED]
          : [redactString(k, depth), redact(v, depth + 1)],
      ),
    );
  }
  return value;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** A URL whose query parameters named like secrets (or holding secret-looking text) are replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      const key = decode(rawKey);
      if (SECRET_KEY.test(key)) return eq < 0 ? pair : `${rawKey}=${REDACTED}`;
      if (eq < 0) return redactString(key) === key ? pair : encodeURIComponent(redactString(key));
      const value = decode(pair.slice(eq + 1));
      const safe = redactString(value);
      return safe === value ? pair : `${rawKey}=${encodeURIComponent(safe)}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Replaces the NUL character, which PostgreSQL cannot store in text or jsonb. */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\\u0000');
  if (depth > MAX_DEPTH + 2) return value;
  if (Array.isArray(value)) return value.map((v) => withoutNul(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k.replaceAll('\u0000', '\\u0000'),
        withoutNul(v, depth + 1),
      ]),
    );
  }
  return value;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * For the server's log lines: plain objects and strings are redacted; anything else (a request, an error) is
 * left to the logger's serializers, which redact what they copy out.
 */
export function redactLogArgument(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => redactLogArgument(v, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? REDACTED : redactLogArgument(v, depth + 1),
    ]),
  );
}
