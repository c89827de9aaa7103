import { ROUTES, type RouteEntry, type RouteName } from '@fleetport/contracts/routes';
import type { ComponentType } from 'react';
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
  'device.activity': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.ActivityPage })),
  'device.metrics.dynamic': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({
      default: module.DynamicMetricsPage,
    })),
  'device.location': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.LocationPage })),
  'device.metrics.mobile-data': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.MobileDataPage })),
  'device.metrics.io': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.IoPage })),
  'device.metrics.gps': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.GpsPage })),
  'device.services': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.ServicesPage })),
  'device.data-usage': () =>
    import('../../features/devices/DevicePage.tsx').then((module) => ({ default: module.DataUsagePage })),
  companies: () => import('../../features/companies/CompaniesPage.tsx'),
  'companies.tree': () => import('../../features/companies/CompanyTreePage.tsx'),
  'statistics.connection-manager': () =>
    import('../../features/devices/StatisticsTabs.tsx').then((module) => ({
      default: module.ConnectionManagerPage,
    })),
  'statistics.months-stats': () =>
    import('../../features/devices/StatisticsTabs.tsx').then((module) => ({
      default: module.MonthlyStatisticsPage,
    })),
  'statistics.unique-devices': () =>
    import('../../features/devices/StatisticsTabs.tsx').then((module) => ({
      default: module.UniqueDevicesPage,
    })),
  'statistics.action-logs': () => import('../../features/devices/ActionLogsPage.tsx'),
  'statistics.online-devices': () => import('../../features/devices/StatisticsDevicesPage.tsx'),
  'auth-devices': () => import('../../features/devices/ApprovedDevicesPage.tsx'),
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
  files: () => import('../../features/files/FilesPage.tsx'),
  notifications: () => import('../../features/notifications/NotificationsPage.tsx'),
  forms: rarePage('forms'),
  'services.credit-codes': rarePage('services.credit-codes'),
  'services.credit-history': rarePage('services.credit-history'),
  'services.data-overview': rarePage('services.data-overview'),
  'services.data-history': rarePage('services.data-history'),
  'services.announcements': rarePage('services.announcements'),
  'services.brands': rarePage('services.brands'),
  brand: rarePage('brand'),
  'company.credit-codes': () => import('../pages/company/CompanyCreditCodesPage.tsx'),
  changelog: () => import('../../features/updates/ChangelogPage.tsx'),
  logout: () => import('../../features/auth/LogoutPage.tsx'),
  'not-found': () => import('./NotFoundPage.tsx'),
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
  const target = redirectTarget(entry);
  if (!load && !target) return [];
  return [
    {
      ...entry,
      name,
      ...(target ? { redirectTo: target } : {}),
      transition: TRANSITIONS[name] ?? 'slide-right',
      ...(load ? { load } : {}),
    },
  ];
});

registerWebRoutes(WEB_ROUTES);
