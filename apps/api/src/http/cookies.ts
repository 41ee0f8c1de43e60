// Cookies read from a request's Cookie header and written as Set-Cookie values, without a plugin: the server sets
// only the login's two (the session token and the login form's one-time message).

/** The value of cookie `name` in a Cookie header, decoded; null when absent or not decodable. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

export type CookieOptions = {
  /** Seconds; without it the cookie ends with the browser session. 0 deletes it. */
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
};

/** A Set-Cookie value for the whole site, SameSite=Lax: a cross-site POST never carries it. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'SameSite=Lax',
    ...(options.maxAge !== undefined ? [`Max-Age=${options.maxAge}`] : []),
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
