/**
 * Sent payouts followed on their chain (decision 013, real payouts). A payout is Paid for the
 * miner once its transaction is in a block; until then the API says Unpaid beside the tx id.
 * Each sender run asks the coin's wallet how deep every not yet settled transaction is, and
 * what each address received (the node's figure: less than the payout when the fee is
 * deducted from the miners), until it has the coin's block confirmations.
 *
 * A transaction the chain took back goes back to Unpaid to be sent again: one the operator
 * abandoned (its coins are the wallet's again), or one conflicted by a transaction as deep as
 * a block must be to count (the same depth the engine trusts for rewards, so a reorg that
 * could revive it is as unlikely as one that would orphan a matured block).
 */
import type pg from 'pg';
import type { PayoutSender } from './payout-sender.ts';

export async function followPayouts(
  db: Pick<pg.Pool, 'query'>,
  sender: PayoutSender,
  requiredConfirmations: (coin: string) => number,
  log?: (line: string) => void,
  onReverted?: (coin: string, count: number) => void,
): Promise<number> {
  if (!sender.track) return 0;
  let updated = 0;
  for (const coin of sender.trackedCoins ?? []) {
    const required = requiredConfirmations(coin);
    const open = await db.query<{ txid: string; ids: string[]; addresses: string[]; amounts: string[] }>(
      `select txid, array_agg(id::text order by id) as ids, array_agg(address order by id) as addresses,
              array_agg(amount::text order by id) as amounts
       from payouts where coin = $1 and status = 'paid' and txid is not null and coalesce(confirmations, 0) < $2
       group by txid order by min(id) limit 200`,
      [coin, required],
    );
    for (const tx of open.rows) {
      const state = await sender.track(coin, tx.txid);
      if (!state) {
        log?.(`payouts: ${coin}: the wallet does not know tx ${tx.txid} (payouts ${tx.ids.join(',')}); left as they are`);
        continue;
      }
      if (state.abandoned || state.confirmations <= -required) {
        const reset = await db.query(
          `update payouts set status = 'unpaid', txid = null, paid_at = null, confirmations = null, received = null
           where coin = $1 and txid = $2 and status = 'paid'`,
          [coin, tx.txid],
        );
        log?.(
          `payouts: ${coin}: tx ${tx.txid} ${state.abandoned ? 'was abandoned' : `lost to a conflict ${-state.confirmations} blocks deep`}; ` +
            `${reset.rowCount ?? 0} payouts back to Unpaid, to be sent again`,
        );
        updated += reset.rowCount ?? 0;
        onReverted?.(coin, reset.rowCount ?? 0);
        continue;
      }
      const received = receivedPerPayout(tx.addresses, tx.amounts.map(BigInt), state.received);
      const result = await db.query(
        `update payouts p set confirmations = $2, received = r.received
         from unnest($3::int8[], $4::numeric[]) as r(id, received)
         where p.id = r.id and p.coin = $1 and p.status = 'paid' and p.txid = $5`,
        [coin, state.confirmations, tx.ids, received.map(String), tx.txid],
      );
      updated += result.rowCount ?? 0;
    }
  }
  return updated;
}

/**
 * What each payout of one transaction received: an address's shortfall (the fee deducted from
 * it) is shared among its payouts in proportion to their amounts, rounded down, and the units
 * rounding left over go one each to the payouts with the largest remainders (largest remainder
 * method). No payout gives more than its amount: handing the leftover to the last payout, as
 * before, could take 2 units from a payout of 1 and record it as received -1 (found by the
 * property test below). An address the chain does not show, or shows more for, keeps its amounts.
 */
export function receivedPerPayout(
  addresses: readonly string[],
  amounts: readonly bigint[],
  chain: ReadonlyMap<string, bigint>,
): bigint[] {
  const byAddress = new Map<string, number[]>();
  addresses.forEach((address, i) => byAddress.set(address, [...(byAddress.get(address) ?? []), i]));
  const received = [...amounts];
  for (const [address, indexes] of byAddress) {
    const total = indexes.reduce((sum, i) => sum + amounts[i]!, 0n);
    const got = chain.get(address);
    if (got === undefined || got >= total) continue;
    const shortfall = total - got;
    // shortfall < total unless the chain shows 0, so each rounded-down share is below its
    // amount and can take one unit more; when it shows 0 every share is the whole amount.
    const shares = indexes.map((i) => (shortfall * amounts[i]!) / total);
    let left = shortfall - shares.reduce((sum, share) => sum + share, 0n);
    const byRemainder = indexes
      .map((i, k) => ({ k, remainder: (shortfall * amounts[i]!) % total }))
      .sort((x, y) => (x.remainder === y.remainder ? x.k - y.k : x.remainder > y.remainder ? -1 : 1));
    for (const { k } of byRemainder) {
      if (left === 0n) break;
      shares[k]! += 1n;
      left -= 1n;
    }
    indexes.forEach((i, k) => (received[i] = amounts[i]! - shares[k]!));
  }
  return received;
}
