// First: goober (notistack) reads the CSP nonce while its module is evaluated.
import './shared/lib/goober-nonce.ts';
// And before zod builds a schema: no `new Function` under the CSP.
import './shared/lib/zod-jitless.ts';
import { nextTask } from './shared/lib/next-task.ts';
import { afterFirstPaint, preloadStartupFiles } from './shared/lib/startup-files.ts';

/*
 * Start-up in stages, each evaluated in a task of its own: one ES module graph runs in a single
 * task, and the whole console evaluated at once blocks a slow phone's main thread for a third
 * of a second (Lighthouse's total blocking time). The edge's boot markup is painted first and
 * stays on screen meanwhile; then every stage's files are asked for at once (index.html lists
 * them), so the stages cost no round trip each. This module imports nothing heavy itself.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

await afterFirstPaint();
preloadStartupFiles(document);

// 1. The framework and the language: a Japanese browser fetches its catalogue first; English
//    comes with the page.
const { activeLanguageLoaded, initI18n } = await import('./shared/lib/i18n.ts');
initI18n(navigator.languages);
await activeLanguageLoaded();
await nextTask();

// 2. Theme and the providers.
await import('./app/provider.tsx');
await nextTask();

// 3. The application: start-up calls, routes, the session.
await import('./app/App.tsx');
await nextTask();

// 4. React DOM, the brand, the caches and the first render.
const { mount } = await import('./app/mount.tsx');
mount(root);
