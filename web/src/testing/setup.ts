import { ensureAllAreas } from '../shared/lib/i18n.ts';

// The web tests' setup: every English catalogue area is there from the start, as if the code
// that brings each one had loaded (shared/lib/i18n.ts `ensureArea`).
await ensureAllAreas();

// The routes this build has, registered as the console registers them when it starts
// (shared/routing/web-routes.ts), so tabs and links that read them see the real table.
await import('../app/routes/table.ts');

// What a test rendered is unmounted after it (Testing Library cleans up by itself only where
// vitest's globals are on; they are not here): no toast's or transition's timer outlives its
// test and fires after the file's jsdom is gone.
if (typeof document !== 'undefined') {
  const { afterEach } = await import('vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
