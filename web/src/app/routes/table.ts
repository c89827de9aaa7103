import { ROUTES, type RouteEntry, type RouteName } from '@fleetport/contracts/routes';
import type { ComponentType } from 'react';
import type { CatalogueArea } from '../../locales/catalogue-en.ts';
import { registerWebRoutes, type Transition, type WebRoute } from '../../shared/routing/web-routes.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** A page of app/routes/rare-pages.ts, fetched through it (see there why). */
const rarePage = (name: string) => () =>
  import('./rare-pages.ts').then(({ RARE_PAGES }) => (RARE_PAGES[name] as PageLoader)());

/**
 * The pages this build has. A catalogue route whose page a later issue builds is absent, so its
 * navigation entry is hidden and its path falls to "first permitted page": nothing fake.
 * Redirect-only routes (reports → reports.single) are kept when a page they lead to exists.
 */
const PAGES: Partial<Record<RouteName, PageLoader>> = {
  'account.login': () => import('../../features/auth/LoginPage.tsx'),
  'account.forgot-password': () => import('../../features/auth/ForgotPasswordPage.tsx'),
  'account.reset-password': () => import('../../features/auth/ResetPasswordPage.tsx'),
  'account.verify-email': () => import('../../features/auth/VerifyEmailPage.tsx'),
  'account.accept-invitation': () => import('../../features/auth/AcceptInvitationPage.tsx'),
  'account.accept-company-invitation': () => import('../../features/auth/AcceptCompanyInvitationPage.tsx'),
  'account.settings': () => import('../../features/account/AccountSettingsPage.tsx'),
  devices: () => import('../../features/devices/DevicesPage.tsx'),
  'device.activity': () => import('../../features/devices/device-page/ActivityPage.tsx'),
  'device.metrics.dynamic': () => import('../../features/devices/device-page/DynamicMetricsPage.tsx'),
  'device.location': () => import('../../features/devices/device-page/LocationPage.tsx'),
  'device.metrics.mobile-data': () => import('../../features/devices/device-page/MobileDataPage.tsx'),
  'device.metrics.io': () => import('../../features/devices/device-page/IoPage.tsx'),
  'device.metrics.gps': () => import('../../features/devices/device-page/GpsPage.tsx'),
  'device.services': () => import('../../features/devices/device-page/ServicesPage.tsx'),
  'device.configuration': () => import('../../features/devices/device-page/ConfigurationPage.tsx'),
  'device.data-usage': () => import('../../features/devices/device-page/DataUsagePage.tsx'),
  companies: () => import('../../features/companies/CompaniesPage.tsx'),
  'companies.tree': () => import('../../features/companies/CompanyTreePage.tsx'),
  'statistics.connection-manager': () => import('../../features/statistics/ConnectionManagerPage.tsx'),
  'statistics.months-stats': () => import('../../features/statistics/MonthlyStatisticsPage.tsx'),
  'statistics.unique-devices': () => import('../../features/statistics/UniqueDevicesPage.tsx'),
  'statistics.action-logs': () => import('../../features/statistics/ActionLogsPage.tsx'),
  'statistics.online-devices': () => import('../../features/statistics/StatisticsDevicesPage.tsx'),
  'auth-devices': rarePage('auth-devices'),
  'task-manager': rarePage('task-manager'),
  'update-firmware': rarePage('update-firmware'),
  'configure-devices': rarePage('configure-devices'),
  'upload-backup': rarePage('upload-backup'),
  'device-configuration': rarePage('device-configuration'),
  'company.devices': () => import('../pages/company/CompanyDevicesPage.tsx'),
  'company.metrics': () => import('../pages/company/CompanyMetricsPage.tsx'),
  'company.userstable': () => import('../pages/company/CompanyUsersPage.tsx'),
  'company.invitations': () => import('../pages/company/CompanyInvitationsPage.tsx'),
  users: () => import('../../features/users/UsersPage.tsx'),
  'users.invitations': () => import('../../features/users/InvitationsPage.tsx'),
  'users.roles': () => import('../../features/roles/RolesPage.tsx'),
  'users.confirm-impersonation': rarePage('users.confirm-impersonation'),
  tags: () => import('../../features/tags/TagsPage.tsx'),
  tag: () => import('../pages/TagPage.tsx'),
  'company.tags': () => import('../pages/company/CompanyTagsPage.tsx'),
  files: rarePage('files'),
  'company.files': rarePage('company.files'),
  'files.global.firmware': rarePage('files.global.firmware'),
  notifications: () => import('../../features/notifications/NotificationsPage.tsx'),
  forms: rarePage('forms'),
  'services.credit-codes': rarePage('services.credit-codes'),
  'services.credit-history': rarePage('services.credit-history'),
  'services.data-overview': rarePage('services.data-overview'),
  'services.data-history': rarePage('services.data-history'),
  'services.announcements': rarePage('services.announcements'),
  'services.brands': rarePage('services.brands'),
  'services.mail-outbox': rarePage('services.mail-outbox'),
  brand: rarePage('brand'),
  'company.credit-codes': () => import('../pages/company/CompanyCreditCodesPage.tsx'),
  changelog: () => import('../../features/updates/ChangelogPage.tsx'),
  logout: () => import('../../features/auth/LogoutPage.tsx'),
  'not-found': () => import('./NotFoundPage.tsx'),
};

/**
 * The areas of the string catalogue (`locales/en/<area>.json`) each page shows, loaded with the
 * page: nothing in a feature has to remember to load its strings. Shared pieces bring their own
 * (the form engine `forms`, the grids `grid`, the modal manager `modals`). A test walks every
 * page's modules and fails when one uses an area its route does not declare
 * (`areas.test.ts`); a browser spec opens every page and fails on any raw key.
 */
const ADMIN: readonly CatalogueArea[] = ['admin'];
const DEVICE: readonly CatalogueArea[] = ['devices', 'device'];
/** Pages that show history (audit entries as sentences, `shared/history`). */
const HISTORY: readonly CatalogueArea[] = [...DEVICE, 'history'];
/** The devices list and its dialogs (grids and password forms of their own). */
const DEVICE_LIST: readonly CatalogueArea[] = ['devices', 'device', 'grid', 'forms'];
/** The sign-in pages and account settings (their forms: password rules, MFA codes, terms). */
const AUTH: readonly CatalogueArea[] = ['auth', 'account'];
const AREAS: Partial<Record<RouteName, readonly CatalogueArea[]>> = {
  'account.login': AUTH,
  'account.forgot-password': AUTH,
  'account.reset-password': AUTH,
  'account.verify-email': AUTH,
  'account.accept-invitation': AUTH,
  'account.accept-company-invitation': AUTH,
  'account.settings': AUTH,
  devices: DEVICE_LIST,
  // The device's tasks (Actions list on a device) speak the Task manager's words.
  'device.activity': [...HISTORY, 'tasks'],
  'device.location': DEVICE,
  'device.metrics.dynamic': DEVICE,
  'device.metrics.mobile-data': DEVICE,
  'device.metrics.io': DEVICE,
  'device.metrics.gps': DEVICE,
  'device.data-usage': DEVICE,
  'device.services': DEVICE,
  'device.configuration': DEVICE,
  'auth-devices': ['devices', 'device', 'forms'],
  'task-manager': ['tasks'],
  'update-firmware': ['tasks'],
  // Section and option names are the device page's (`device.config`); the forms' problem words.
  'configure-devices': ['tasks', 'device', 'forms'],
  // Backups: the files' words (`files.backups`), the Restore dialog's and settings' (`device`), the upload form's.
  'upload-backup': ['files', 'device', 'forms'],
  // Templates: section and option names (`device.config`), the editor's problem words, the grid.
  'device-configuration': ['device', 'grid', 'forms'],
  'statistics.connection-manager': DEVICE,
  'statistics.months-stats': DEVICE,
  'statistics.unique-devices': DEVICE,
  'statistics.action-logs': HISTORY,
  'statistics.online-devices': DEVICE,
  companies: ADMIN,
  'companies.tree': ADMIN,
  'company.devices': ['admin', ...DEVICE_LIST],
  'company.metrics': ADMIN,
  'company.userstable': ADMIN,
  'company.invitations': ADMIN,
  'company.tags': ADMIN,
  'company.credit-codes': ADMIN,
  users: ADMIN,
  'users.invitations': ADMIN,
  'users.roles': ADMIN,
  'users.confirm-impersonation': ADMIN,
  tags: ADMIN,
  tag: ['admin', ...DEVICE_LIST],
  files: ['files', 'tasks'],
  'company.files': ['admin', 'files', 'tasks'],
  'files.global.firmware': ['files', 'tasks'],
  'services.credit-codes': ADMIN,
  'services.credit-history': ADMIN,
  'services.data-overview': ADMIN,
  'services.data-history': ADMIN,
  'services.brands': ADMIN,
  'services.mail-outbox': ADMIN,
  brand: ADMIN,
};

const TRANSITIONS: Partial<Record<RouteName, Transition>> = {
  'account.login': 'fade',
  'account.forgot-password': 'fade',
  'account.reset-password': 'fade',
  'account.verify-email': 'fade',
  'account.accept-invitation': 'fade',
  'account.accept-company-invitation': 'fade',
  logout: 'none',
};

const catalogue: readonly RouteEntry[] = ROUTES;

/** A redirect-only route stays when it leads to a built page (its target or one of its children). */
function redirectTarget(entry: RouteEntry): string | undefined {
  if (!entry.redirectTo) return undefined;
  if (entry.redirectTo in PAGES) return entry.redirectTo;
  return catalogue.find((route) => route.parent === entry.name && route.name in PAGES)?.name;
}

export const WEB_ROUTES: readonly WebRoute[] = catalogue.flatMap((entry): WebRoute[] => {
  const name = entry.name as RouteName;
  const load = PAGES[name];
  const areas = AREAS[name] ?? [];
  const target = redirectTarget(entry);
  if (!load && !target) return [];
  return [
    {
      ...entry,
      name,
      ...(target ? { redirectTo: target } : {}),
      transition: TRANSITIONS[name] ?? 'slide-right',
      areas,
      ...(load ? { load } : {}),
    },
  ];
});

registerWebRoutes(WEB_ROUTES);
