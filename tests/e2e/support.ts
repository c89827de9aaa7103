/** Shared by playwright.config.ts and the specs. */
export const E2E_PORT = 18_181;
export const E2E_API_PORT = 18_182;
/** The demo world's password in the end-to-end run (DEMO_PASSWORD of its API). */
export const E2E_PASSWORD = 'e2e demo password';
