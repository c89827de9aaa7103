import type { Permission } from './permissions.ts';
import type { RouteName } from './routes.ts';

/**
 * The side navigation of spec §2 ("Main navigation"), by route name. Permissions come from the
 * route catalogue; the console hides children the user may not see or that the brand disables,
 * and hides a group left with no children.
 */
export interface NavChild {
  readonly route: RouteName;
  /** Route names (or path fragments) that also make this child active. */
  readonly highlights?: readonly string[];
  readonly label?: 'beta';
  /** Overrides the route's permission where the navigation table of spec §2 names another. */
  readonly permission?: Permission;
}

export interface NavGroup {
  readonly id: 'management' | 'rms-connect' | 'administration' | 'system';
  readonly title: string;
  readonly icon: string;
  readonly children: readonly NavChild[];
}

export const NAVIGATION: readonly NavGroup[] = [
  {
    id: 'management',
    title: 'Management',
    icon: 'router',
    children: [
      { route: 'devices', highlights: ['device'] },
      {
        route: 'wifi-hotspots',
        permission: 'view_device_hotspots',
        highlights: ['hotspots', 'wifi'],
      },
      // The operations its Operations menu and Update firmware button open light it up: the way back.
      {
        route: 'task-manager',
        highlights: ['configure-devices', 'device-configuration', 'update-firmware', 'upload-backup'],
      },
      { route: 'reports', highlights: ['report.generated'] },
      { route: 'automations', label: 'beta', highlights: ['automation'] },
    ],
  },
  {
    id: 'rms-connect',
    title: 'RMS Connect',
    icon: 'lan',
    children: [{ route: 'remote-access' }, { route: 'access-history' }],
  },
  {
    id: 'administration',
    title: 'Administration',
    icon: 'business',
    children: [
      { route: 'companies', highlights: ['company', 'companies.tree'] },
      { route: 'users' },
      { route: 'tags', highlights: ['tag'] },
      { route: 'files' },
    ],
  },
  {
    id: 'system',
    title: 'System',
    icon: 'settings',
    children: [
      { route: 'statistics' },
      // Its pages are named services.* (spec §2 route names): they light it up too.
      { route: 'system-services', highlights: ['services'] },
      { route: 'files.global.firmware' },
      { route: 'auth-devices' },
    ],
  },
];
