/**
 * The browser tests' frozen "now" (decision 032). Named once by the runner, when
 * playwright.config.ts loads this file, and inherited by its workers: the API reads it as
 * FIXED_NOW, so its figures, the simulated day behind them and its rates stand still for the
 * whole run, and a page and an API read taken at different moments agree by construction.
 * Events a spec posts are stamped from it: the API refuses an event over 5 minutes ahead of
 * its clock, which a stamp from the wall clock becomes a few minutes into a run.
 */
process.env.E2E_NOW ??= new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

export const NOW_ISO = process.env.E2E_NOW;
/** The frozen moment in milliseconds. */
export const NOW = Date.parse(NOW_ISO);
/**
 * Where the e2e web server's maintenance banner window ends (playwright.config.ts): a day after
 * the frozen moment, so the banner shows for the whole run whatever the date, and
 * footer.spec.ts moves the browser's clock over this end at fixed instants.
 */
export const ALERT_ENDS_AT = new Date(NOW + 86_400_000).toISOString();
