import type { ComponentType } from 'react';

/**
 * Rarely visited pages (System services, brands, Approved devices, a form opened by its link, the
 * impersonation grant), one step removed from the route table. The start-up code carries, for
 * every lazy page, the list of files it needs (to preload them together); these would add their
 * long lists to every first load (the first-load budget: 250 KB gzip). Here they cost one request
 * more on the first visit, and nothing before. The Task manager is here too, though not rare: the
 * devices page's first load had no room left for its list (tens of bytes short), and so are the
 * Files pages (the list, a company's Files tab, Global Firmware) for the same reason.
 */
export const RARE_PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  'services.credit-codes': () => import('../../features/credits/ServicesCreditCodesPage.tsx'),
  'services.credit-history': () => import('../../features/credits/CreditHistoryPage.tsx'),
  'services.data-overview': () => import('../../features/credits/DataOverviewPage.tsx'),
  'services.data-history': () => import('../../features/credits/DataHistoryPage.tsx'),
  'services.announcements': () => import('../../features/announcements/AnnouncementsPage.tsx'),
  'services.brands': () => import('../../features/brands/BrandsPage.tsx'),
  'services.mail-outbox': () => import('../../features/mail-outbox/MailOutboxPage.tsx'),
  brand: () => import('../../features/brands/BrandPage.tsx'),
  forms: () => import('../../shared/forms/FormPage.tsx'),
  'auth-devices': () => import('../../features/devices/ApprovedDevicesPage.tsx'),
  'task-manager': () => import('../../features/tasks/TaskManagerPage.tsx'),
  'update-firmware': () => import('../../features/tasks/UpdateFirmwarePage.tsx'),
  'configure-devices': () => import('../../features/tasks/ConfigureDevicesPage.tsx'),
  'upload-backup': () => import('../../features/backups/BackupsPage.tsx'),
  'device-configuration': () => import('../../features/config-templates/DeviceConfigurationPage.tsx'),
  'users.confirm-impersonation': () => import('../../features/users/ImpersonationGrantPage.tsx'),
  files: () => import('../../features/files/FilesPage.tsx'),
  'company.files': () => import('../pages/company/CompanyFilesPage.tsx'),
  'files.global.firmware': () => import('../../features/files/GlobalFirmwarePage.tsx'),
};
