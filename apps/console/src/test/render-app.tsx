import { deploymentConfigSchema, type PublicConfig, toPublicConfig } from '@organiser/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '../app/router';
import { i18n } from '../i18n/i18n';
import { initAppState } from '../state/app-settings';
import { ConfigContext } from '../state/config-context';
import type { LoginMenuItem, UserInfo } from '../state/session';
import { ok } from './fetch-stub';

export const testConfig: PublicConfig = toPublicConfig(deploymentConfigSchema.parse({}));

/** Renders the whole console (real router, providers and antd) at a path, as a browser would open it. */
export function renderApp(path: string, config: PublicConfig = testConfig) {
  initAppState(config.ui);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ConfigContext.Provider value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          {/* antd's providers come with the routes (app/themed-providers.tsx), as in the console */}
          <RouterProvider router={router} useTransitions={false} />
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigContext.Provider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}

export const rootUser: UserInfo = {
  nickname: 'Administrator',
  avatar: '',
  introduction: '',
  roles: ['root'],
  type: 'admin',
  account: 'admin',
  companyId: null,
};

export const menuItem = (id: number, url: string, icon: string | null = null): LoginMenuItem => ({
  id,
  parentId: null,
  url,
  icon,
  name: { en: url, zh: url },
  type: 'menu',
  method: '',
});

/** The account calls the session loader makes, answering as the given user. */
export function sessionRoutes(user: UserInfo = rootUser, menu: LoginMenuItem[] = []) {
  return {
    'POST /api/user/get_current_user_info': ok(user),
    'GET /api/user/get_login_menu': ok(menu),
    'POST /api/oss/get_url_prefix': ok('/uploads/'),
    'POST /api/user/logout': ok(true),
  };
}
