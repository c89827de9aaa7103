import { BUILT_IN_ROLE_BY_NAME, type BuiltInRoleName } from '@fleetport/contracts/roles';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../shared/lib/auth.ts';
import { catalogueRoute, type WebRoute, webRoute } from '../shared/routing/web-routes.ts';
import { firstPermittedPath, type GuardInput, guard, mayOpen, OFFLINE_PAGE } from './guard.ts';

/** A signed-in user holding exactly these permissions (a custom role). */
function userWith(permissions: readonly string[], roleName = 'custom'): CurrentUser {
  return {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    company: { id: 3, name: 'Acme', parent_id: null },
    role: { id: 100, name: roleName, title: roleName },
    avatar_url: null,
    mfa_type: null,
    exp: 1_900_000_000,
    permissions: [...permissions],
    country_iso_code: null,
    company_id: 3,
    company_name: 'Acme',
    role_title: roleName,
    impersonation_access_limit: null,
  };
}

/** A signed-in user of a built-in role (contracts/src/roles.ts). */
function userOfRole(name: BuiltInRoleName): CurrentUser {
  const role = BUILT_IN_ROLE_BY_NAME.get(name);
  if (!role) throw new Error(`no built-in role ${name}`);
  return {
    ...userWith(role.permissions, role.name),
    role: { id: role.id, name: role.name, title: role.title },
  };
}

function builtRoute(name: string): WebRoute {
  const route = webRoute(name);
  if (!route) throw new Error(`route ${name} is not built`);
  return route;
}

/** A catalogue route whose page this build does not have yet, as the table would give it. */
function unbuiltRoute(name: string): WebRoute {
  const entry = catalogueRoute(name);
  if (!entry) throw new Error(`no catalogue route ${name}`);
  return { ...entry, name: entry.name as WebRoute['name'], transition: 'slide-right' };
}

/**
 * Files is the only navigation page needing view_files, so this user's first permitted page is
 * /management/files whichever other pages later builds add.
 */
const FILES_ONLY = userWith(['view_files', 'manage_files']);
/** Permissions that open no navigation page in any build. */
const NO_NAVIGATION_PAGE = userWith(['manage_files', 'use_device_remote_access']);

const SSH_ROUTE: WebRoute = {
  name: 'rms-connect.ssh',
  path: '/rms-connect/ssh',
  title: 'SSH',
  standalone: true,
  transition: 'none',
};
const DESKTOP_ROUTE: WebRoute = { ...SSH_ROUTE, name: 'rms-connect.desktop', path: '/rms-connect/desktop' };
const TELNET_ROUTE: WebRoute = { ...SSH_ROUTE, name: 'rms-connect.telnet', path: '/rms-connect/telnet' };

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    route: builtRoute('files'),
    online: true,
    user: FILES_ONLY,
    search: new URLSearchParams(),
    disabledRoutes: [],
    ...overrides,
  };
}

describe('guard', () => {
  it('offline on a permitted page — answers offline before anything else (spec §5 "No network")', () => {
    // Arrange
    const request = input({ online: false });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'offline' });
    expect(OFFLINE_PAGE).toBe('/offline.html');
  });

  it.each([
    ['a no-auth route', builtRoute('account.login')],
    ['an unknown path', undefined],
    ['a key connect route', SSH_ROUTE],
  ])(
    'offline on %s while signed out — answers offline, not login (spec §5 "No network" first)',
    (_, route) => {
      // Arrange
      const request = input({
        route,
        online: false,
        user: undefined,
        search: new URLSearchParams('key=abc'),
      });

      // Act
      const decision = guard(request);

      // Assert
      expect(decision).toEqual({ kind: 'offline' });
    },
  );

  it.each([
    'account.login',
    'account.forgot-password',
    'account.reset-password',
    'account.verify-email',
    'not-found',
  ])('no-auth route %s while signed out — allows it (spec §5 no-auth skips all checks)', (name) => {
    // Arrange
    const request = input({ route: builtRoute(name), user: undefined });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'allow' });
  });

  it('no-auth route disabled by the brand — still allows it (spec §5 no-auth skips all checks)', () => {
    // Arrange
    const request = input({
      route: builtRoute('account.login'),
      user: undefined,
      disabledRoutes: ['account.login'],
    });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'allow' });
  });

  it.each([
    ['a permitted page', builtRoute('files')],
    ['a page with no permission', builtRoute('notifications')],
    ['an unknown path', undefined],
  ])('signed out on %s — answers login (spec §5 "must be authenticated")', (_, route) => {
    // Arrange
    const request = input({ route, user: undefined });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'login' });
  });

  it('signed in on a page whose permission is held — allows it (spec §5 permission check)', () => {
    // Arrange
    const request = input({ route: builtRoute('files'), user: userOfRole('read_only') });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'allow' });
  });

  it('signed in without any permission on a page with no requirement — allows it (spec §5 empty requirement means allowed)', () => {
    // Arrange
    const request = input({ route: builtRoute('notifications'), user: userWith([]) });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'allow' });
  });

  it('unknown path while signed in — redirects to the first permitted page (spec §2 "Any other path", §5)', () => {
    // Arrange
    const request = input({ route: undefined, user: FILES_ONLY });

    // Act
    const decision = guard(request);

    // Assert: and says why, so the console can tell the user (issue: nothing swallowed silently)
    expect(decision).toEqual({ kind: 'redirect', to: '/management/files', because: { reason: 'unknown' } });
  });

  it('unknown path for a user with no permitted page — answers access-denied (spec §5 "no page is permitted")', () => {
    // Arrange
    const request = input({ route: undefined, user: NO_NAVIGATION_PAGE });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'access-denied' });
  });

  it('route without the needed permission — redirects to the first permitted page (spec §5 permission check)', () => {
    // Arrange
    const request = input({ route: unbuiltRoute('auth-devices'), user: FILES_ONLY });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/management/files',
      because: { reason: 'forbidden', route: 'auth-devices' },
    });
  });

  it('route without the needed permission and nothing permitted — answers access-denied (spec §5)', () => {
    // Arrange
    const request = input({ route: builtRoute('files'), user: NO_NAVIGATION_PAGE });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'access-denied' });
  });

  it('route disabled by the brand — redirects to the first permitted page (spec §5 routes disabled by the theme)', () => {
    // Arrange
    const request = input({ route: builtRoute('notifications'), disabledRoutes: ['notifications'] });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/management/files',
      because: { reason: 'forbidden', route: 'notifications' },
    });
  });

  it('the only navigation page disabled by the brand — answers access-denied (spec §5)', () => {
    // Arrange
    const request = input({
      route: builtRoute('files'),
      user: FILES_ONLY,
      disabledRoutes: ['files'],
    });

    // Act
    const decision = guard(request);

    // Assert
    expect(decision).toEqual({ kind: 'access-denied' });
  });

  it.each([
    ['ssh', SSH_ROUTE],
    ['desktop', DESKTOP_ROUTE],
  ])(
    '%s connect route signed out with ?key=abc — allows it (spec §5 key skips the login check)',
    (_, route) => {
      // Arrange
      const request = input({ route, user: undefined, search: new URLSearchParams('key=abc') });

      // Act
      const decision = guard(request);

      // Assert
      expect(decision).toEqual({ kind: 'allow' });
    },
  );

  it.each([
    ['ssh without a key', SSH_ROUTE, ''],
    ['ssh with an empty key', SSH_ROUTE, 'key='],
    ['desktop with another parameter', DESKTOP_ROUTE, 'token=abc'],
    ['telnet with a key', TELNET_ROUTE, 'key=abc'],
  ])(
    'connect route signed out, %s — answers login (spec §5: only ssh and desktop with a key skip login)',
    (_, route, query) => {
      // Arrange
      const request = input({ route, user: undefined, search: new URLSearchParams(query) });

      // Act
      const decision = guard(request);

      // Assert
      expect(decision).toEqual({ kind: 'login' });
    },
  );
});

describe('firstPermittedPath', () => {
  it.each(['super_admin', 'admin', 'end_user', 'read_only', 'support', 'readonly_admin'] as const)(
    'built-in role %s — answers a permitted navigation page, never access denied (spec §5 first permitted page, §6 roles)',
    (role) => {
      // Arrange
      const user = userOfRole(role);

      // Act
      const path = firstPermittedPath(user, []);

      // Assert
      expect(path).toBeDefined();
      expect(guard(input({ route: undefined, user }))).toEqual({
        kind: 'redirect',
        to: path,
        because: { reason: 'unknown' },
      });
    },
  );

  it('user whose only navigation permission is view_files — answers /management/files (spec §5 first permitted page)', () => {
    // Arrange
    const user = FILES_ONLY;

    // Act
    const path = firstPermittedPath(user, []);

    // Assert
    expect(path).toBe('/management/files');
  });

  it('user holding no navigation permission — answers undefined: no page is permitted (spec §5 access denied)', () => {
    // Arrange
    const user = NO_NAVIGATION_PAGE;

    // Act
    const path = firstPermittedPath(user, []);

    // Assert
    expect(path).toBeUndefined();
  });

  it('signed-out visitor — answers undefined (spec §5)', () => {
    // Arrange
    const user = undefined;

    // Act
    const path = firstPermittedPath(user, []);

    // Assert
    expect(path).toBeUndefined();
  });

  it('files disabled by the brand — skips it (spec §5 routes disabled by the theme)', () => {
    // Arrange
    const user = FILES_ONLY;

    // Act
    const path = firstPermittedPath(user, ['files']);

    // Assert
    expect(path).toBeUndefined();
  });
});

describe('mayOpen', () => {
  it('built page with its permission held — answers true (spec §5)', () => {
    // Arrange
    const route = builtRoute('files');

    // Act
    const allowed = mayOpen(route, userWith(['view_files']), []);

    // Assert
    expect(allowed).toBe(true);
  });

  it('built page without its permission — answers false (spec §5)', () => {
    // Arrange
    const route = builtRoute('files');

    // Act
    const allowed = mayOpen(route, userWith(['manage_files']), []);

    // Assert
    expect(allowed).toBe(false);
  });

  it('permitted page disabled by the brand — answers false (spec §5 routes disabled by the theme)', () => {
    // Arrange
    const route = builtRoute('files');

    // Act
    const allowed = mayOpen(route, userWith(['view_files']), ['reports.single', 'files']);

    // Assert
    expect(allowed).toBe(false);
  });

  it('page with an empty requirement for a user with no permissions — answers true (spec §5)', () => {
    // Arrange
    const route = builtRoute('notifications');

    // Act
    const allowed = mayOpen(route, userWith([]), []);

    // Assert
    expect(allowed).toBe(true);
  });
});
