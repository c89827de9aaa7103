import { describe, expect, it } from 'vitest';
import { firstLoads, type Manifest, standalonePages, staticClosure } from './first-load.ts';

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

  it('finds the standalone pages from the route table and the catalogue flags', () => {
    const table = `const PAGES = {
      'account.login': () => import('../../features/auth/LoginPage.tsx'),
      files: () => import('../../features/files/FilesPage.tsx'),
    };`;
    const pages = standalonePages(table, [
      { name: 'account.login', path: '/account/login', title: 'Login', standalone: true },
      { name: 'files', path: '/management/files', title: 'Files' },
    ] as never);
    expect([...pages]).toEqual(['src/features/auth/LoginPage.tsx']);
  });
});
