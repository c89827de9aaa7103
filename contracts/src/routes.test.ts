import { describe, expect, it } from 'vitest';
import { NAVIGATION } from './navigation.ts';
import { PERMISSIONS } from './permissions.ts';
import { ROUTE_NAMES, ROUTES } from './routes.ts';

describe('route catalogue (spec §2 routes)', () => {
  it('gives every route a unique name and a unique path', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('keeps the route names the spec gives', () => {
    for (const name of [
      'company.tags',
      'company.userstable',
      'company.invitations',
      'company.credit-codes',
      'reports.single',
      'reports.periodic.day',
      'reports.periodic.week',
      'reports.periodic.month',
      'services.credit-codes',
      'services.credit-history',
      'services.data-overview',
      'services.data-history',
    ]) {
      expect(ROUTE_NAMES.has(name), name).toBe(true);
    }
  });

  it('holds the spec paths with their permissions', () => {
    const byPath = new Map(ROUTES.map((route) => [route.path, route]));
    expect(byPath.get('/management/devices')).toMatchObject({ permission: 'view_devices' });
    expect(byPath.get('/users/roles')).toMatchObject({ permission: 'view_roles' });
    expect(byPath.get('/auth-devices')).toMatchObject({
      permission: 'super_admin',
      title: 'Approved Devices',
    });
    expect(byPath.get('/files/global/firmware')).toMatchObject({ permission: 'upload_files_global_scope' });
    expect(byPath.get('/management/automations')).toMatchObject({ title: 'Alerts & Automations' });
    expect(byPath.get('/404')).toMatchObject({ noAuth: true });
    expect(byPath.get('/rms-connect/ssh')).toMatchObject({ standalone: true });
  });

  it('points parents and redirects at routes that exist, and uses only known permissions', () => {
    for (const route of ROUTES) {
      const entry = route as { parent?: string; redirectTo?: string; permission?: string };
      if (entry.parent) expect(ROUTE_NAMES.has(entry.parent), `${route.name} parent`).toBe(true);
      if (entry.redirectTo) expect(ROUTE_NAMES.has(entry.redirectTo), `${route.name} redirect`).toBe(true);
      if (entry.permission) expect(PERMISSIONS).toContain(entry.permission);
    }
  });

  it('builds the navigation of spec §2 only from catalogue routes', () => {
    expect(NAVIGATION.map((group) => group.title)).toEqual([
      'Management',
      'RMS Connect',
      'Administration',
      'System',
    ]);
    for (const child of NAVIGATION.flatMap((group) => group.children)) {
      expect(ROUTE_NAMES.has(child.route), child.route).toBe(true);
    }
  });
});
