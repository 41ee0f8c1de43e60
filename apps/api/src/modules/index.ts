import type { AppModule } from '../extensions';
import { accessModule } from './access';
import { announcementsModule } from './announcements';
import { authRoutes } from './auth/routes';
import { behaviourModule } from './behaviour';
import { chatModule } from './chat';
import { companiesModule } from './companies';
import { consultsModule } from './consults';
import { contentModule } from './content';
import { dashboardModule } from './dashboard';
import { dictionaryModule } from './dictionary';
import { dynamicFormsModule } from './dynamic-forms';
import { engineModule } from './engine';
import { healthRoutes } from './health/routes';
import { lettersModule } from './letters';
import { emailLogRoutes } from './mail';
import { marketingModule } from './marketing';
import { openModule } from './open';
import { uploadFileRoute } from './oss/open-upload';
import { ossRoutes } from './oss/routes';
import { pointsModule } from './points';
import { productsModule } from './products';
import { quotaRoutes } from './quota';
import { regionModule } from './region';
import { requirementsModule } from './requirements';
import { settingsModule } from './settings';
import { statisticsModule } from './statistics';
import { supplierOverviewModule } from './supplier-overview';
import { systemModule } from './system';
import { usersModule } from './users';

/** The modules `buildApp` registers, in order: each adds its routes (under /api), hooks, command handlers
 * and seeds to the extension registry. */
export const modules: AppModule[] = [
  { name: 'health', register: (ext) => ext.routes(healthRoutes) },
  { name: 'auth', register: (ext) => ext.routes(authRoutes) },
  {
    name: 'oss',
    register: (ext) => {
      ext.routes(ossRoutes);
      // the marketplace's uploads of buyers' images (/api/open/v1/files)
      ext.openRoute(uploadFileRoute);
    },
  },
  systemModule,
  settingsModule,
  { name: 'quota', register: (ext) => ext.routes(quotaRoutes) },
  regionModule,
  accessModule,
  dictionaryModule,
  dynamicFormsModule,
  supplierOverviewModule,
  // The mail log as a read-only report (the local outbox when no SMTP server is configured).
  { name: 'mail', register: (ext) => ext.routes(emailLogRoutes) },
  engineModule,
  // Banners and company tags on the engine: their demo data.
  contentModule,
  // Supplier behaviour on the engine's company entity: write hooks, commands, supplier role, demo data.
  companiesModule,
  // Products on the engine's product entity: checks across records, the company name kept for search, demo data.
  productsModule,
  // Accounts: user_manager records, their console logins, roles, interests, activation mail and import.
  usersModule,
  // Marketplace API keys: their scopes and the command that issues a key's secret.
  openModule,
  // Purchase requirements: numbers, authorisation mail, expiry, supplier reveals, marketplace routes, demo data.
  requirementsModule,
  // Buyers' points: point rules, membership levels, the points ledger, the no-sign-in job, staff adjustments.
  pointsModule,
  // Behaviour events from the marketplace: ingestion, search history, counters, points.
  behaviourModule,
  // Consults: a buyer's new consult from the marketplace (limits, enableConsult, the company's counter).
  consultsModule,
  // Announcements and notices: the marketplace reads the effective, published ones; demo data.
  announcementsModule,
  // Marketing content: advertising limits, activity item counts, target states, marketplace reads, demo data.
  marketingModule,
  // Site letters and notifications: targets, sending (now or scheduled), the monthly limit, the inbox the
  // marketplace reads, notification templates delivered on the system's events, demo data.
  lettersModule,
  // Site chat: conversations, replies, read state per reader, moderation, marketplace routes, live badges.
  chatModule,
  // Behaviour statistics: supplier statistics, user conduct statistics (read from the rollups).
  statisticsModule,
  // The dashboard: waiting work, key figures and chart data, each part as the person may see it.
  dashboardModule,
];

/** What the OpenAPI tags of the modules' own routes hold (an entity's tag is described by its labels). */
export const moduleTags: Record<string, string> = {
  access: 'Roles and permissions: who may open which menu and call which route',
  behaviour: "Buyers' behaviour from the marketplace: rebuilding the counters it moves",
  Marketplace:
    "The marketplace-facing API under /api/open/v1: called by the marketplace's servers with an API key (`Authorization: Bearer <key>`), never with a console login. A POST needs an `Idempotency-Key`. See docs/marketplace-api.md",
  badges:
    "The navbar's live counts: unreplied consults and unread chat conversations, once or as server-sent events",
  consults: 'The reply thread of a consult: read and answered by staff and by the supplier it was sent to',
  dashboard:
    "The signed-in person's dashboard: waiting work with links to the filtered lists, key figures, chart data",
  dictionary: 'Dictionary items by group code, for selects',
  dynamic_form_config: 'The dynamic form fields of a category, for forms and filters',
  oss: 'File uploads and the address prefix of stored files',
  quota: 'What a company has used of its package',
  region: 'Countries and regions, for selects',
  requirements:
    "Purchase requirements as suppliers see them: authorised leads, the buyer's contact after a reveal",
  settings: 'Run-time settings and their history',
  system: 'Health, readiness, public configuration and login security',
  user: 'The signed-in user: captcha, login, logout, profile, password and menu',
  users: 'Staff and supplier accounts: activation, roles, interests, sessions and import',
};
