import { NAVIGATION, type NavChild, type NavGroup } from '@fleetport/contracts/navigation';
import type { RouteName } from '@fleetport/contracts/routes';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/lib/auth.ts';
import type { WebRoute } from '../../../shared/routing/web-routes.ts';
import { activeGroupId, isChildActive, visibleNavigation } from './visible-nav.ts';

function userWith(permissions: readonly string[]): CurrentUser {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    company: { id: 3, name: 'Acme', parent_id: null },
    role: { id: 100, name: 'custom', title: 'Custom' },
    avatar_url: null,
    mfa_type: null,
    exp: 1_900_000_000,
    permissions: [...permissions],
    country_iso_code: null,
    company_id: 3,
    company_name: 'Acme',
    role_title: 'Custom',
    impersonation_access_limit: null,
  };
}

const route = (name: RouteName, path: string, permission?: WebRoute['permission']): WebRoute => ({
  name,
  path,
  title: name,
  transition: 'slide-right',
  ...(permission ? { permission } : {}),
});

/** The pages of a synthetic build: 'reports' is in the navigation but not built. */
const BUILT: ReadonlyMap<string, WebRoute> = new Map([
  ['devices', route('devices', '/management/devices', 'view_devices')],
  ['wifi-hotspots', route('wifi-hotspots', '/management/hotspots', 'view_devices')],
  ['tags', route('tags', '/tags', 'view_tags')],
  ['users', route('users', '/users', 'view_users')],
  ['notifications', route('notifications', '/notifications')],
  ['auth-devices', route('auth-devices', '/auth-devices', 'super_admin')],
]);
const routeOf = (name: string): WebRoute | undefined => BUILT.get(name);

const GROUPS: readonly NavGroup[] = [
  {
    id: 'management',
    title: 'Management',
    icon: 'router',
    children: [
      { route: 'devices', highlights: ['device'] },
      {
        route: 'wifi-hotspots',
        permission: 'view_device_hotspots',
        highlights: ['hotspots', '/management/wifi'],
      },
      { route: 'reports', highlights: ['report.generated'] },
    ],
  },
  {
    id: 'administration',
    title: 'Administration',
    icon: 'business',
    children: [{ route: 'tags', highlights: ['tag'] }, { route: 'users' }, { route: 'notifications' }],
  },
  {
    id: 'system',
    title: 'System',
    icon: 'settings',
    children: [{ route: 'auth-devices' }],
  },
];

const EVERYTHING = userWith([
  'view_devices',
  'view_device_hotspots',
  'view_reports',
  'view_tags',
  'view_users',
  'super_admin',
]);

/** The visible children, as group id → route names. */
const shape = (groups: ReturnType<typeof visibleNavigation>) =>
  Object.fromEntries(groups.map((group) => [group.id, group.children.map((child) => child.route)]));

describe('visibleNavigation', () => {
  it('user holding every permission — shows every built child with its catalogue path (spec §2 side navigation)', () => {
    // Arrange
    const user = EVERYTHING;

    // Act
    const groups = visibleNavigation(user, [], GROUPS, routeOf);

    // Assert
    expect(shape(groups)).toEqual({
      management: ['devices', 'wifi-hotspots'],
      administration: ['tags', 'users', 'notifications'],
      system: ['auth-devices'],
    });
    expect(groups[0]?.children.map((child) => child.path)).toEqual([
      '/management/devices',
      '/management/hotspots',
    ]);
  });

  it('child whose permission the user lacks — is hidden (spec §2 "shown only if the user holds it")', () => {
    // Arrange
    const user = userWith(['view_devices', 'view_device_hotspots', 'view_users', 'super_admin']);

    // Act
    const groups = visibleNavigation(user, [], GROUPS, routeOf);

    // Assert
    expect(shape(groups).administration).toEqual(['users', 'notifications']);
  });

  it('child named in disabled_routes — is hidden (spec §2 theme disabled_routes)', () => {
    // Arrange
    const disabled = ['users', 'devices'];

    // Act
    const groups = visibleNavigation(EVERYTHING, disabled, GROUPS, routeOf);

    // Assert
    expect(shape(groups)).toEqual({
      management: ['wifi-hotspots'],
      administration: ['tags', 'notifications'],
      system: ['auth-devices'],
    });
  });

  it('child whose page is not built (routeOf undefined) — is hidden even with its permission (route table)', () => {
    // Arrange
    const user = userWith(['view_reports']);

    // Act
    const groups = visibleNavigation(user, [], GROUPS, routeOf);

    // Assert
    expect(shape(groups)).toEqual({ administration: ['notifications'] });
  });

  it('child permission without the route permission — shows it: the child permission overrides (spec §2 main navigation table)', () => {
    // Arrange
    const user = userWith(['view_device_hotspots']);

    // Act
    const groups = visibleNavigation(user, [], GROUPS, routeOf);

    // Assert
    expect(shape(groups).management).toEqual(['wifi-hotspots']);
  });

  it('route permission without the child permission — hides it: the child permission overrides (spec §2 main navigation table)', () => {
    // Arrange
    const user = userWith(['view_devices']);

    // Act
    const groups = visibleNavigation(user, [], GROUPS, routeOf);

    // Assert
    expect(shape(groups).management).toEqual(['devices']);
  });

  it('group left with no visible child — is hidden (spec §2 "A group with no visible children is hidden")', () => {
    // Arrange
    const user = userWith(['view_tags']);

    // Act
    const groups = visibleNavigation(user, ['notifications'], GROUPS, routeOf);

    // Assert
    expect(groups.map((group) => group.id)).toEqual(['administration']);
  });

  it('default navigation and route table, user holding only view_files — shows Files alone under Administration (spec §2 main navigation)', () => {
    // Arrange
    const user = userWith(['view_files', 'manage_files']);

    // Act
    const groups = visibleNavigation(user, []);

    // Assert
    expect(groups.map((group) => [group.id, group.children.map((child) => child.path)])).toEqual([
      ['administration', ['/management/files']],
    ]);
  });
});

describe('isChildActive', () => {
  const devices: NavChild = { route: 'devices', highlights: ['device'] };
  const hotspots: NavChild = { route: 'wifi-hotspots', highlights: ['hotspots', '/management/wifi'] };

  it('current route name equals the child route — is active (spec §2 active child)', () => {
    // Arrange
    const routeName = 'devices';

    // Act
    const active = isChildActive(devices, routeName, '/management/devices');

    // Assert
    expect(active).toBe(true);
  });

  it('current route name equals a highlighted route name — is active (spec §2 highlights)', () => {
    // Arrange
    const routeName = 'device';

    // Act
    const active = isChildActive(devices, routeName, '/devices/5');

    // Assert
    expect(active).toBe(true);
  });

  it("current route is a tab of a highlighted route ('device.location') — is active, a lookalike ('devices-x') is not", () => {
    // Act
    const tab = isChildActive(devices, 'device.location', '/devices/5/location');
    const lookalike = isChildActive(devices, 'device-groups', '/device-groups');

    // Assert
    expect(tab).toBe(true);
    expect(lookalike).toBe(false);
  });

  it('path contains a highlighted fragment with a slash — is active (spec §2 path fragments)', () => {
    // Arrange
    const pathname = '/management/wifi/5';

    // Act
    const active = isChildActive(hotspots, 'some.other.route', pathname);

    // Assert
    expect(active).toBe(true);
  });

  it('path contains a highlight without a slash — is not active: only slash fragments match paths (spec §2)', () => {
    // Arrange
    const pathname = '/management/hotspots-archive';

    // Act
    const active = isChildActive(hotspots, 'archive', pathname);

    // Assert
    expect(active).toBe(false);
  });

  it('another route and path — is not active (spec §2)', () => {
    // Arrange
    const routeName = 'tags';

    // Act
    const active = isChildActive(devices, routeName, '/tags');

    // Assert
    expect(active).toBe(false);
  });

  it('no current route — is not active for an unrelated path (spec §2)', () => {
    // Arrange
    const routeName = undefined;

    // Act
    const active = isChildActive(hotspots, routeName, '/notifications');

    // Assert
    expect(active).toBe(false);
  });
});

describe('activeGroupId', () => {
  const groups = visibleNavigation(EVERYTHING, [], GROUPS, routeOf);

  it('current route is a child of the second group — answers that group (spec §2 "The active group contains the active child")', () => {
    // Arrange
    const routeName = 'tag';

    // Act
    const id = activeGroupId(groups, routeName, '/tag/9');

    // Assert
    expect(id).toBe('administration');
  });

  it('path fragment of a management child — answers management (spec §2)', () => {
    // Arrange
    const pathname = '/management/wifi';

    // Act
    const id = activeGroupId(groups, undefined, pathname);

    // Assert
    expect(id).toBe('management');
  });

  it('active child hidden from the user — answers no group (spec §2)', () => {
    // Arrange
    const visible = visibleNavigation(EVERYTHING, ['auth-devices'], GROUPS, routeOf);

    // Act
    const id = activeGroupId(visible, 'auth-devices', '/auth-devices');

    // Assert
    expect(id).toBeUndefined();
  });
});

describe('the default navigation', () => {
  it('lights up Task manager on the operations its Operations menu opens (the way back)', () => {
    const taskManager = NAVIGATION.flatMap((group) => group.children).find(
      (child) => child.route === 'task-manager',
    );
    expect(taskManager).toBeDefined();
    for (const [name, path] of [
      ['configure-devices', '/management/configure-devices'],
      ['device-configuration', '/device-configuration'],
      ['update-firmware', '/management/update-firmware'],
      ['upload-backup', '/management/upload-backup'],
    ] as const) {
      expect(taskManager && isChildActive(taskManager, name, path), name).toBe(true);
    }
  });
});
