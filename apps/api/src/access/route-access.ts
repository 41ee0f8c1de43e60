import type { Lang, OpenScope } from '@organiser/domain';

/**
 * What a route needs from its caller. Every route declares one in `config.access`; a route without one
 * fails the permission test and is refused at start-up.
 *
 * - public: no token needed (captcha, login, config, health).
 * - login: any signed-in user (own profile, own menu, logout).
 * - menu: the user holds the menu permission with this url (reads behind a list page).
 * - resource: the user holds the resource permission of this route itself (its METHOD + url pattern);
 *   `menu` names the menu permission it hangs under in the permission tree.
 * - apiKey: a marketplace API key holding this scope (routes under /api/open/v1, open/keys.ts); no console
 *   session opens them, and no key opens any other route.
 * Role `root` passes every check.
 */
export type Access =
  | { kind: 'public' }
  /** `tokenInBody`: the token may also come as the body's `token` field (a form or JSON), read once the body is
   * parsed, when no header carries one. */
  | { kind: 'login'; tokenInBody?: boolean }
  | { kind: 'menu'; url: string }
  | { kind: 'apiKey'; scope: OpenScope }
  | {
      kind: 'resource';
      menu: string;
      name?: { en: string; zh: string };
      /** Granted by the resource permission of this method on the same url instead of its own (PATCH is a
       * partial PUT: whoever may edit may do either); such a route adds no permission of its own. */
      permissionMethod?: string;
    };

/** The signed-in caller, attached to the request by the auth plugin. */
export type AuthUser = {
  id: number;
  account: string;
  nickname: string;
  /** 'admin' (organiser staff) or 'company' (a supplier account, scoped to its own company). */
  type: 'admin' | 'company';
  companyId: number | null;
  roles: string[];
  isRoot: boolean;
};

export type RequestAuth = { user: AuthUser; sessionId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** false: a POST that changes nothing (reads, profile info) is left out of the system log. */
    systemLog?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    lang: Lang;
  }
}
