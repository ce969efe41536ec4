/**
 * The days of a miner's export (decision 029): the API checks a range with them and the site's
 * export dialog checks it before asking. Apart from miner-export.ts, whose zod schemas would
 * ship zod to the browser with them.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DAY_MS = 86_400_000;

/**
 * The longest range one export covers: ten years of days (decision 029). A pool keeps no
 * older history than that, and a range is work the server does while the client waits.
 */
export const MAX_EXPORT_DAYS = 3653;

/** Unix milliseconds of a UTC day's start, or null when the text is not a real YYYY-MM-DD day. */
export function parseExportDay(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms;
}

export const isoDay = (ms: number): string => new Date(ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)).toISOString().slice(0, 10);
