/** Shared by playwright.config.ts and the specs. */
export const E2E_PORT = 18_181;
export const E2E_API_PORT = 18_182;
/** The demo world's password in the end-to-end run (DEMO_PASSWORD of its API). */
export const E2E_PASSWORD = 'e2e demo password';
/**
 * The brands of the run: a copy of themes/ whose public_base_url points at the e2e edge, so
 * links in captured e-mails lead back into it (prepared by e2e-themes.ts; edge and API share it).
 */
export const E2E_THEMES_DIR = 'data/e2e-themes';
