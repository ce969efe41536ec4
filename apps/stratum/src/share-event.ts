/** A judged share as the ingest API takes it, for every chain's pool. */
import { maxDifficulty } from '@openpool/domain/chain-bounds';
import type { OutgoingEvent } from './outbox.ts';
import type { ShareOutcome } from './session.ts';

export function shareEventOf(
  coin: 'ltc' | 'xmr',
  share: ShareOutcome,
  /** The chain's difficulty in the pool's accounting unit (ltc: scrypt's 65536 hashes; xmr: already hashes). */
  accounted: (difficulty: number) => number,
): OutgoingEvent {
  return {
    type: 'share',
    coin,
    address: share.address,
    worker: share.worker,
    scheme: share.scheme,
    difficulty: accounted(share.difficulty),
    status: share.status,
    // The ingest schema takes IPv4 only; IPv6 miners are accounted without an IP proof.
    ip: /^\d+\.\d+\.\d+\.\d+$/.test(share.ip) ? share.ip : '0.0.0.0',
    at: share.at,
    ...(share.agent ? { agent: share.agent.replace(/[^\x20-\x7e]/g, '').slice(0, 64) } : {}),
    // Decision 023: the difficulty the hash reached (bounded as ingest bounds it) and the miner's own hashrate.
    ...(share.actualDifficulty !== undefined
      ? { actual_difficulty: Math.min(maxDifficulty(coin), accounted(share.actualDifficulty)) }
      : {}),
    ...(share.reportedHashrate !== undefined ? { reported_hashrate: share.reportedHashrate } : {}),
  };
}
