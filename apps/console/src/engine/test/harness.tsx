import {
  deploymentConfigSchema,
  type Envelope,
  type FlatRoute,
  flattenRoutes,
  getEntity,
  type Language,
  layoutRoutes,
  type PublicConfig,
  toPublicConfig,
} from '@organiser/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, useLocation, useParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { resetClientState } from '../../api/client';
import { changeLanguage, i18n } from '../../i18n/i18n';
import type { PageProps } from '../../navigation/page-props';
import { VisibleRoutesProvider } from '../../navigation/visible-routes-context';
import { ConfigContext } from '../../state/config-context';
import { type LoginMenuItem, sessionStore } from '../../state/session';
import { tagsStore } from '../../state/tags-view';

// Component tests render the real pages with real antd components; only `fetch` is replaced, at the network
// boundary, by a table of answers that also records every request.

export const routes = flattenRoutes(layoutRoutes);
export const routeNamed = (name: string): FlatRoute => {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
};

export function publicConfig(overrides: Record<string, unknown> = {}): PublicConfig {
  return toPublicConfig(deploymentConfigSchema.parse(overrides));
}

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: Call) => { status?: number; body: Envelope<unknown> } | Envelope<unknown>;

export const ok = <T,>(content: T): Envelope<T> => ({
  success: true,
  code: 20000,
  message: 'success',
  content,
});

/**
 * The network boundary of uploads (XMLHttpRequest: fetch has no upload progress): every upload is answered with
 * `ok(answer(url))`. Returns the URLs uploaded to, in order.
 */
export function fakeUploads(answer: (url: string) => unknown): string[] {
  const urls: string[] = [];
  class FakeXhr {
    upload = {};
    status = 200;
    responseText = '';
    onload?: () => void;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      urls.push(this.url);
      this.responseText = JSON.stringify(ok(answer(this.url)));
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return urls;
}

/** A fake API: `on('GET /api/banner/list', handler)`; unknown calls answer 404 in the envelope. */
export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown;
    if (typeof init?.body === 'string') body = JSON.parse(init.body);
    const call: Call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler =
      handlers.get(`${method} ${url.pathname}`) ??
      [...handlers.entries()].find(([key]) => {
        const [m, pattern] = key.split(' ');
        return m === method && new RegExp(`^${pattern!.replace(/:[a-z]+/gi, '[^/]+')}$`).test(url.pathname);
      })?.[1];
    const answer = handler
      ? handler(call)
      : { status: 404, body: { success: false, code: 40400, message: 'Not found', content: null } };
    const { status, body: payload } =
      'body' in answer && 'status' in answer ? answer : { status: 200, body: answer as Envelope<unknown> };
    return new Response(JSON.stringify(payload), {
      status: status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on(key: string, handler: Handler) {
      handlers.set(key, handler);
      return this;
    },
    /** Requests to one path. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export type SessionInput = {
  roles?: string[];
  permissions?: Partial<LoginMenuItem>[];
  account?: string;
  /** 'company': a supplier account, confined to `companyId`. */
  type?: 'admin' | 'company';
  companyId?: number | null;
};

export function signIn(input: SessionInput = {}) {
  const permissions = (input.permissions ?? []).map((p, i) => ({
    id: i + 1,
    parentId: null,
    url: '',
    icon: null,
    name: { en: 'p', zh: 'p' },
    type: 'resource' as const,
    method: null,
    ...p,
  }));
  sessionStore.set({
    token: 'test-token',
    user: {
      nickname: 'Tester',
      avatar: '',
      introduction: '',
      roles: input.roles ?? ['root'],
      type: input.type ?? 'admin',
      account: input.account ?? 'tester',
      companyId: input.companyId ?? null,
    },
    roles: input.roles ?? ['root'],
    permissions,
    urlPrefix: '/uploads/',
    isReady: true,
  });
}

/** Where the router is now (path + query), rendered for tests to read. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function PageAt({ page: Page, route }: { page: ComponentType<PageProps>; route: FlatRoute }) {
  const params = useParams() as Record<string, string>;
  return <Page route={route} params={params} />;
}

export type RenderOptions = {
  url: string;
  lang?: Language;
  config?: PublicConfig;
  /** Other routes the page may navigate to, rendered as a plain marker. */
  elsewhere?: boolean;
};

export async function renderPage(page: ComponentType<PageProps>, route: FlatRoute, options: RenderOptions) {
  await changeLanguage(options.lang ?? 'en');
  resetClientState();
  tagsStore.set([]);
  const config = options.config ?? publicConfig();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter(
    [
      {
        path: route.fullPath,
        element: (
          <>
            <PageAt page={page} route={route} />
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [options.url] },
  );
  const utils = render(
    <Providers config={config} lang={options.lang ?? 'en'} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

export function Providers({
  config,
  lang,
  queryClient,
  children,
}: {
  config: PublicConfig;
  lang: Language;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigContext.Provider value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={{ token: { motion: false } }}>
            <AntdApp>
              <VisibleRoutesProvider>{children}</VisibleRoutesProvider>
            </AntdApp>
          </ConfigProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigContext.Provider>
  );
}

export type StoredRecord = Record<string, unknown> & { id: number; version: number };

/**
 * A fake API that stores, so a form round-trips: `GET /api/<entity>/<id>` answers what was saved last,
 * `PUT` saves the body's fields over the stored record when its `version` is the stored one (else 409) and
 * increments the version, `POST /api/<entity>` stores a new record. Other paths are answered with `on(…)`, as in
 * `fakeApi`. `stored(entity, id)` reads the store itself.
 */
export function storingApi(seed: Record<string, StoredRecord[]>) {
  const store = new Map<string, Map<number, StoredRecord>>();
  for (const [entity, records] of Object.entries(seed))
    store.set(entity, new Map(records.map((r) => [r.id, structuredClone(r)])));
  const api = fakeApi();
  const notFound = {
    status: 404,
    body: { success: false, code: 40400, message: 'Not found', content: null },
  };
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  for (const [entity, records] of store) {
    // a secret is stored but never returned, as the server does
    const secrets = Object.entries(getEntity(entity)?.fields ?? {})
      .filter(([, f]) => f.kind === 'password')
      .map(([name]) => name);
    const answer = (record: StoredRecord) => {
      const copy: Record<string, unknown> = structuredClone(record);
      for (const name of secrets) delete copy[name];
      return ok(copy);
    };
    api.on(`GET /api/${entity}/:id`, (call) => {
      const record = records.get(Number(call.path.split('/').pop()));
      return record ? answer(record) : notFound;
    });
    api.on(`PUT /api/${entity}/:id`, (call) => {
      const record = records.get(Number(call.path.split('/').pop()));
      if (!record) return notFound;
      const { version, ...fields } = call.body as Record<string, unknown>;
      if (version !== record.version)
        return {
          status: 409,
          body: { success: false, code: 40901, message: 'Stale version', content: null },
        };
      clock += 1000;
      const saved: StoredRecord = {
        ...record,
        ...structuredClone(fields),
        version: record.version + 1,
        updatedAt: new Date(clock).toISOString(),
      };
      records.set(saved.id, saved);
      return answer(saved);
    });
    api.on(`POST /api/${entity}`, (call) => {
      const id = Math.max(0, ...records.keys()) + 1;
      clock += 1000;
      const at = new Date(clock).toISOString();
      const saved: StoredRecord = {
        ...structuredClone(call.body as Record<string, unknown>),
        id,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      records.set(id, saved);
      return answer(saved);
    });
  }
  return {
    ...api,
    on(key: string, handler: Handler) {
      api.on(key, handler);
      return this;
    },
    stored: (entity: string, id: number) => structuredClone(store.get(entity)?.get(id)),
  };
}
