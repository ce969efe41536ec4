/**
 * Ports of the servers the browser tests start. Overridable so that two runs on one machine
 * (two work trees) never fight over a port; CI uses the defaults.
 */
export const SITE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const API_PORT = Number(process.env.E2E_API_PORT ?? 8797);
export const SITE = `http://localhost:${SITE_PORT}`;
export const API = `http://127.0.0.1:${API_PORT}`;
