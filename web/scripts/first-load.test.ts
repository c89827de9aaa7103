import { describe, expect, it } from 'vitest';
import {
  firstLoads,
  homePages,
  type Manifest,
  pageModules,
  standalonePages,
  startupClosure,
  staticClosure,
} from './first-load.ts';
import { stageFiles, startupStages } from './startup-files.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['x'] },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  '_field.js': { file: 'assets/field.js', imports: ['_mui.js'], css: ['assets/field.css'] },
  'src/app/layout/AppLayout.tsx': { file: 'assets/layout.js', isDynamicEntry: true, imports: ['_mui.js'] },
  'src/features/auth/LoginPage.tsx': {
    file: 'assets/login.js',
    isDynamicEntry: true,
    imports: ['_field.js'],
  },
  'src/features/files/FilesPage.tsx': { file: 'assets/files.js', isDynamicEntry: true, imports: ['_mui.js'] },
  'src/features/files/Dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true },
};
const SIZES: Record<string, number> = {
  'assets/index.js': 100,
  'assets/react.js': 50,
  'assets/mui.js': 40,
  'assets/field.js': 20,
  'assets/field.css': 5,
  'assets/layout.js': 30,
  'assets/login.js': 7,
  'assets/files.js': 3,
  'assets/dialog.js': 1000,
};

describe('first-load JavaScript (issue 4: at most 250 KB gzip, routes lazy-loaded)', () => {
  it('follows static imports transitively, with CSS, once each', () => {
    expect([...staticClosure(manifest, 'src/features/auth/LoginPage.tsx')].sort()).toEqual([
      'assets/field.css',
      'assets/field.js',
      'assets/login.js',
      'assets/mui.js',
      'assets/react.js',
    ]);
  });

  it('counts the entry, the page and, for pages in the layout, the lazy layout; never later lazy chunks', () => {
    const loads = firstLoads(
      manifest,
      (file) => SIZES[file] ?? 0,
      (page) => page.includes('/auth/'),
    );
    expect(loads.map((load) => [load.page, load.withLayout, load.bytes])).toEqual(
      [
        // index 100 + react 50 + mui 40 + field 20 + css 5 + login 7
        ['src/features/auth/LoginPage.tsx', false, 222],
        // index 100 + react 50 + layout 30 + mui 40 + files 3
        ['src/features/files/FilesPage.tsx', true, 223],
      ].sort((a, b) => (b[2] as number) - (a[2] as number)),
    );
  });

  it("counts the entry's start-up stages (its dynamic imports) with what they import, not their lazy pages", () => {
    const staged: Manifest = {
      ...manifest,
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/App.tsx'] },
      'src/app/App.tsx': {
        file: 'assets/app.js',
        isDynamicEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['src/features/files/FilesPage.tsx'],
      },
    };
    expect([...startupClosure(staged, 'index.html')].sort()).toEqual([
      'assets/app.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    const files = firstLoads(
      staged,
      (file) => SIZES[file] ?? 0,
      () => true,
    ).find((load) => load.page === 'src/features/files/FilesPage.tsx');
    expect(files?.files).toEqual([
      'assets/app.js',
      'assets/files.js',
      'assets/index.js',
      'assets/mui.js',
      'assets/react.js',
    ]);
  });

  it("lists the files of the start-up stages, without the entry's own static imports (the page links those) or lazy chunks", () => {
    const bundle = {
      'index.js': { type: 'chunk' as const, imports: ['runtime.js'], dynamicImports: ['app.js', 'i18n.js'] },
      'runtime.js': { type: 'chunk' as const },
      'app.js': {
        type: 'chunk' as const,
        imports: ['framework.js', 'runtime.js'],
        dynamicImports: ['page.js'],
      },
      'i18n.js': { type: 'chunk' as const, imports: ['framework.js'] },
      'framework.js': { type: 'chunk' as const },
      'page.js': { type: 'chunk' as const },
      'style.css': { type: 'asset' as const },
    };
    expect(stageFiles(bundle, 'index.js')).toEqual(['app.js', 'framework.js', 'i18n.js']);
  });

  it("puts each start-up module in the first stage that loads it, never the entry's own imports or lazy pages", () => {
    const graph: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
      main: { importedIds: ['nonce'], dynamicallyImportedIds: ['i18n', 'provider', 'app'] },
      nonce: { importedIds: [], dynamicallyImportedIds: [] },
      i18n: { importedIds: ['i18next', 'react'], dynamicallyImportedIds: ['ja'] },
      provider: { importedIds: ['react', 'theme', 'nonce'], dynamicallyImportedIds: [] },
      theme: { importedIds: ['mui'], dynamicallyImportedIds: [] },
      app: { importedIds: ['theme', 'api', 'react'], dynamicallyImportedIds: ['page'] },
      page: { importedIds: ['grid'], dynamicallyImportedIds: [] },
    };
    const stages = startupStages(
      (id) => graph[id] ?? { importedIds: [], dynamicallyImportedIds: [] },
      'main',
    );
    expect(Object.fromEntries(stages)).toEqual({
      main: 0,
      nonce: 0,
      i18n: 1,
      i18next: 1,
      react: 1,
      provider: 2,
      theme: 2,
      mui: 2,
      app: 3,
      api: 3,
    });
  });

  const table = `const PAGES = {
    'account.login': () => import('../../features/auth/LoginPage.tsx'),
    files: () => import('../../features/files/FilesPage.tsx'),
    'services.announcements': () => import('../../features/announcements/AnnouncementsPage.tsx'),
    notifications: () => import('../../features/notifications/NotificationsPage.tsx'),
  };`;
  const routes = [
    { name: 'account.login', path: '/account/login', title: 'Login', standalone: true },
    { name: 'devices', path: '/management/devices', title: 'Devices', permission: 'view_devices' },
    { name: 'files', path: '/management/files', title: 'Files', permission: 'view_files' },
    { name: 'system-services', path: '/system-services', title: 'System', permission: 'super_admin' },
    {
      name: 'services.announcements',
      path: '/system-services/announcements',
      title: 'Announcements',
      permission: 'super_admin',
      parent: 'system-services',
    },
    { name: 'notifications', path: '/notifications', title: 'Notifications' },
  ] as never;

  it('finds the standalone pages from the route table and the catalogue flags', () => {
    expect([...standalonePages(pageModules(table), routes)]).toEqual(['src/features/auth/LoginPage.tsx']);
  });

  it("gates each role's landing page: the first built navigation entry it may open (spec §5)", () => {
    const navigation = [
      { id: 'system', title: 'System', icon: 'x', children: [{ route: 'system-services' }] },
      { id: 'management', title: 'M', icon: 'x', children: [{ route: 'devices' }, { route: 'files' }] },
    ] as never;
    const role = (name: string, permissions: string[]) => ({ name, permissions }) as never;
    const homes = homePages(pageModules(table), routes, navigation, [
      role('super_admin', ['super_admin', 'view_files', 'view_devices']),
      role('read_only', ['view_files', 'view_devices']),
      role('nobody', []),
    ]);
    // super_admin lands on System services' first built child; read_only skips the unbuilt
    // devices page for files; the role without permissions has no landing page.
    expect([...homes].sort()).toEqual([
      'src/features/announcements/AnnouncementsPage.tsx',
      'src/features/files/FilesPage.tsx',
    ]);
  });
});
