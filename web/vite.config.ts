import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { edgeHtmlGuard } from './scripts/edge-html.ts';

// `@fleetport/contracts/*` resolves through the workspace symlink and the package's
// `exports` map (`./*` → `./src/*.ts`); Vite compiles that TypeScript like our own.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), edgeHtmlGuard()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // No data: URLs: every asset is a hashed file the CSP allows as 'self'.
    assetsInlineLimit: 0,
  },
});
