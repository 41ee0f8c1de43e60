import {
  deploymentConfigSchema,
  type Envelope,
  type FlatRoute,
  flattenRoutes,
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
import { ConfigContext } from '../../app/config-context';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { VisibleRoutesProvider } from '../../navigation/visible-routes-context';
import type { PageProps } from '../../pages/page-props';
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
