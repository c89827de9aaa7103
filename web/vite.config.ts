import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildVersion } from './scripts/build-version.ts';
import { edgeHtmlGuard } from './scripts/edge-html.ts';
import { startupFiles, startupGroup } from './scripts/startup-files.ts';

// `@fleetport/contracts/*` resolves through the workspace symlink and the package's
// `exports` map (`./*` → `./src/*.ts`); Vite compiles that TypeScript like our own.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // The files of src/main.tsx's start-up stages, listed in index.html.
    startupFiles(),
    edgeHtmlGuard(),
    // version.json and import.meta.env.FP_BUILD_VERSION (spec §4 "Update prompt").
    buildVersion({
      base: fileURLToPath(new URL('..', import.meta.url)),
      sources: [
        'web/src',
        'web/index.html',
        'web/vite.config.ts',
        'contracts/src',
        'CHANGELOG.md',
        'package-lock.json',
      ],
    }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // No data: URLs: every asset is a hashed file the CSP allows as 'self'.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the chunk graph the first-load size gate reads (the edge serves
    // no dotfiles).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs before anything else, in one file: one request and one gzip
              // dictionary instead of dozens of small shared chunks (the first-load budget).
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|axios|@tanstack|@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming))[\\/]/,
            },
            // Each start-up stage of src/main.tsx in a chunk of its own.
            startupGroup(fileURLToPath(new URL('src/main.tsx', import.meta.url)), 1),
          ],
        },
      },
    },
  },
});
