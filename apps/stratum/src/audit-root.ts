/**
 * The latest audit root of the coin (decision 025), read from the pool API's public audit list
 * every minute, for the coinbase commitment. Best effort: while the API does not answer, jobs
 * commit to the last root known (or to none before the first answer); mining never waits for it.
 */
import { apiPath } from '@openpool/domain/paths';

export interface AuditRootWatch {
  current(): string | undefined;
  stop(): void;
}

const EVERY_MS = 60_000;
/** A day back finds the newest record of any coin the pool mines (one PPS run an hour at least). */
const LOOKBACK_S = 86_400;

export function watchAuditRoot(options: {
  apiUrl: string;
  coin: string;
  log: (line: string) => void;
  now?: () => number;
  everyMs?: number;
}): AuditRootWatch {
  const now = options.now ?? Date.now;
  let root: string | undefined;
  let failing = false;
  async function poll(): Promise<void> {
    try {
      const to = Math.floor(now() / 1000) + 1;
      let after = 0;
      for (;;) {
        const url = new URL(options.apiUrl + apiPath('audit', { coin: options.coin }));
        url.search = new URLSearchParams({ from: String(to - LOOKBACK_S), to: String(to), after: String(after) }).toString();
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        if (!response.ok) throw new Error(`audit list answered ${response.status}`);
        const page = (await response.json()) as { results: { root: string }[]; next: number | null };
        const last = page.results.at(-1)?.root;
        if (last && /^[0-9a-f]{64}$/.test(last)) root = last;
        if (page.next === null) break;
        after = page.next;
      }
      if (failing) options.log('audit root: the API answers again');
      failing = false;
    } catch (error) {
      if (!failing) options.log(`audit root: ${(error as Error).message}; coinbases keep the last root known`);
      failing = true;
    }
  }
  void poll();
  const timer = setInterval(() => void poll(), options.everyMs ?? EVERY_MS);
  timer.unref();
  return { current: () => root, stop: () => clearInterval(timer) };
}
