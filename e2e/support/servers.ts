/** Fixed loopback ports and operator accounts of the end-to-end servers (e2e/support/serve.ts starts them). */
export const E2E_BFF_PORT = Number(process.env.E2E_BFF_PORT ?? 4173);
export const E2E_SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4788);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_BFF_PORT}`;

/** Operator accounts created in the fresh data dir before the BFF starts; test-only passwords. */
export const E2E_OPERATORS = {
  admin: { name: 'e2e-admin', password: 'e2e-admin-password-1', role: 'admin' },
  viewer: { name: 'e2e-viewer', password: 'e2e-viewer-password-1', role: 'viewer' },
  reviewer: { name: 'e2e-reviewer', password: 'e2e-reviewer-password-1', role: 'reviewer' },
} as const;

// Per BFF port: cookies ignore ports, so two e2e runs side by side (different E2E_BFF_PORT) must not share states.
export const AUTH_STATE = {
  admin: `e2e/.auth/admin-${E2E_BFF_PORT}.json`,
  viewer: `e2e/.auth/viewer-${E2E_BFF_PORT}.json`,
  reviewer: `e2e/.auth/reviewer-${E2E_BFF_PORT}.json`,
} as const;

/** Where serve.ts keeps the one-time launch link `npm start` printed (unused until a spec redeems it). */
export const LAUNCH_LINK_FILE = `e2e/.auth/launch-${E2E_BFF_PORT}.txt`;

/** Where serve.ts notes the embedded service's data dir: a spec that starts a BFF of its own reads its credentials. */
export const SERVICE_DATA_DIR_FILE = `e2e/.auth/service-data-dir-${E2E_BFF_PORT}.txt`;
