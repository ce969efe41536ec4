/**
 * Advisory lock spaces (the two-key form: space, hashtext(name)) shared by every API replica
 * on one database (decision 014). Other spaces in use: 727001 migrations,
 * 727014-727016 notifications.
 */
export const LOCK_SPACE = {
  source: 727_020,
  family: 727_021,
  payouts: 727_022,
  simulator: 727_023,
  /** The first start's history, built beside the live tables (simulator/history.ts). */
  historySource: 727_024,
  historyFamily: 727_025,
} as const;
