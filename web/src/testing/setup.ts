import { ensureAllAreas } from '../lib/i18n.ts';

// The web tests' setup: every English catalogue area is there from the start, as if the code
// that brings each one had loaded (lib/i18n.ts `ensureArea`).
await ensureAllAreas();
