import { getEntity, getReport, type RouteView } from '@organiser/domain';
import { type ReadyLazy, readyLazy } from '../app/ready-lazy';
import { screens } from '../engine/loaders';
import type { PageProps } from '../navigation/page-props';

// Which component renders a catalogue route's `view` (packages/domain navigation). Every page is lazy-loaded.
// A view with no component here shows the "not available yet" page.

/** A page: rendered at once when its code has arrived (fetched ahead, or rendered before), else lazily. */
export type Page = ReadyLazy<PageProps>;

const page = readyLazy;

/** Named pages, by `view.page`. */
const pages: Record<string, Page> = {
  Dashboard: page(
    () => import('./dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  Profile: page(
    () => import('./profile/profile-page'),
    (m) => m.ProfilePage,
  ),
  ChangePassword: page(
    () => import('./profile/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  Icons: page(
    () => import('./icons/icons-page'),
    (m) => m.IconsPage,
  ),
  CompanyAuditEdit: page(
    () => import('./suppliers/company-audit-page'),
    (m) => m.CompanyAuditPage,
  ),
  ConfigManage: page(
    () => import('./system/config-manage-page'),
    (m) => m.ConfigManagePage,
  ),
  LoginSecurity: page(
    () => import('./system/login-security-page'),
    (m) => m.LoginSecurityPage,
  ),
  CustomerServiceEdit: page(
    () => import('./suppliers/customer-service-page'),
    (m) => m.CustomerServicePage,
  ),
  AdminList: page(
    () => import('./users/user-pages'),
    (m) => m.AdminListPage,
  ),
  AdminEdit: page(
    () => import('./users/user-pages'),
    (m) => m.AdminEditPage,
  ),
  PopularAdvertisingAdd: page(
    () => import('./marketing/marketing-pages'),
    (m) => m.PopularAdvertisingPage,
  ),
  RecommendAdvertisingAdd: page(
    () => import('./marketing/marketing-pages'),
    (m) => m.RecommendAdvertisingPage,
  ),
  NewProductAdd: page(
    () => import('./marketing/marketing-pages'),
    (m) => m.SubActivityFormPage,
  ),
  NewProductEdit: page(
    () => import('./marketing/marketing-pages'),
    (m) => m.SubActivityFormPage,
  ),
  SiteChatMessageEdit: page(
    () => import('./chat/chat-pages'),
    (m) => m.ChatConversationPage,
  ),
  UserPointRuleEditAll: page(
    () => import('./points/point-rules-page'),
    (m) => m.UserPointRuleEditAllPage,
  ),
  BuyRequirementMarket: page(
    () => import('./requirements/market-page'),
    (m) => m.MarketPage,
  ),
};

/**
 * The generic entity screens, by `view.kind`. The entity engine plugs its pages in here, one line each, e.g.
 * `'entity-list': page(screens.list, (m) => m.EntityListPage)`.
 * They receive `route.view.entity` (and `route.view.mode` for forms) through `PageProps`.
 */
const entityScreens: Partial<Record<'entity-list' | 'entity-form', Page>> = {
  'entity-list': page(screens.list, (m) => m.EntityListPage),
  'entity-form': page(screens.form, (m) => m.EntityFormPage),
};

/** Entities whose generic screens carry a page's contributions (slots), by entity and view kind. */
const entityPages: Record<string, Partial<Record<'entity-list' | 'entity-form', Page>>> = {
  company: {
    'entity-list': page(
      () => import('./suppliers/company-lists'),
      (m) => m.CompanyListPage,
    ),
  },
  company_audit: {
    'entity-list': page(
      () => import('./suppliers/company-lists'),
      (m) => m.CompanyAuditListPage,
    ),
  },
  site_chat_conversation: {
    'entity-list': page(
      () => import('./chat/chat-pages'),
      (m) => m.ChatListPage,
    ),
  },
  consult: {
    'entity-form': page(
      () => import('./consults/consult-pages'),
      (m) => m.ConsultFormPage,
    ),
  },
  popular_activity: {
    'entity-list': page(
      () => import('./marketing/marketing-pages'),
      (m) => m.PopularActivityListPage,
    ),
  },
  recommend_search: {
    'entity-list': page(
      () => import('./marketing/marketing-pages'),
      (m) => m.RecommendSearchListPage,
    ),
    'entity-form': page(
      () => import('./marketing/search-pages'),
      (m) => m.RecommendSearchFormPage,
    ),
  },
  event_information: {
    'entity-form': page(
      () => import('./marketing/search-pages'),
      (m) => m.EventInformationFormPage,
    ),
  },
  search_top: {
    'entity-form': page(
      () => import('./marketing/search-pages'),
      (m) => m.HotWordFormPage,
    ),
  },
  search_history: {
    'entity-list': page(
      () => import('./marketing/search-pages'),
      (m) => m.SearchHistoryPage,
    ),
  },
  role: {
    'entity-list': page(
      () => import('./access/access-screens'),
      (m) => m.RoleListPage,
    ),
    'entity-form': page(
      () => import('./access/access-screens'),
      (m) => m.RoleEditPage,
    ),
  },
  permission: {
    'entity-list': page(
      () => import('./access/access-screens'),
      (m) => m.PermissionListPage,
    ),
  },
  user_manager: {
    'entity-list': page(
      () => import('./users/user-pages'),
      (m) => m.UserListPage,
    ),
    'entity-form': page(
      () => import('./users/user-pages'),
      (m) => m.UserFormPage,
    ),
  },
};

/** The entities whose generic screens a page of its own replaces, with the views it replaces (each is listed in
 * the entity's definition, `behaviour.screens`, where a reader of the definition finds it). */
export const screenOverrides = (): Record<string, ('entity-list' | 'entity-form')[]> =>
  Object.fromEntries(
    Object.entries(entityPages).map(([entity, views]) => [
      entity,
      Object.keys(views) as ('entity-list' | 'entity-form')[],
    ]),
  );

/** The screen of every report definition: a list route naming a report renders it. */
const reportScreen: Page = page(screens.report, (m) => m.ReportPage);

/** Reports whose screen a page of its own extends (the report screen plus what the kit cannot say). */
const reportPages: Record<string, Page> = {
  // the report screen with a daily trend chart per company
  page_view: page(
    () => import('./statistics/page-view-list'),
    (m) => m.PageViewListPage,
  ),
};

export function resolvePage(view: RouteView | undefined): Page | undefined {
  if (!view) return undefined;
  if (view.kind === 'page') return pages[view.page];
  if (view.kind === 'entity-list' && getReport(view.entity)?.shape === 'report')
    return reportPages[view.entity] ?? reportScreen;
  const own = entityPages[view.entity]?.[view.kind];
  if (own) return own;
  // an entity not declared yet keeps the "not available yet" page
  return getEntity(view.entity) ? entityScreens[view.kind] : undefined;
}

/** Starts loading a view's page code, so a click that follows finds it loaded (the module is fetched once). */
export function preloadPage(view: RouteView | undefined): Promise<unknown> {
  return (
    resolvePage(view)
      ?.preload()
      // a failure is the route's to show when it loads the page again
      .catch(() => {}) ?? Promise.resolve()
  );
}

/** Starts loading the pages of several views, each page's code once (views share their screens). */
export function preloadPages(views: RouteView[]): void {
  const unique = new Set(views.map(resolvePage).filter((found): found is Page => Boolean(found)));
  for (const found of unique) found.preload().catch(() => {});
}
