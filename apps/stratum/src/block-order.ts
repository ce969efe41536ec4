/**
 * The order of a pool's events around a block candidate, for every chain's pool: a block
 * closes its round at its place in the event stream, so its event must come right after its
 * own share, before any share found while the node was judging it (on regtest nearly every
 * share is a block: a share of the next round counted in this one left the next block's round
 * empty, and PROP paid it all to the pool). A candidate holds a place; events behind an
 * unanswered place wait, in order.
 */
import type { OutgoingEvent } from './outbox.ts';

export interface AcceptedBlock {
  event: OutgoingEvent;
  hash: string;
  height: number;
}

export function blockOrder(
  outbox: { push(event: OutgoingEvent): void },
  /** Starts watching a block on the chain: called only once its event is out, so a status never goes before its block. */
  watch: (hash: string, height: number) => void,
) {
  type Place = { pending: boolean; block?: AcceptedBlock; event?: OutgoingEvent };
  const waiting: Place[] = [];
  const drain = () => {
    while (waiting.length > 0 && !waiting[0]!.pending) {
      const { block, event } = waiting.shift()!;
      if (event) outbox.push(event);
      if (block) {
        outbox.push(block.event);
        watch(block.hash, block.height);
      }
    }
  };
  return {
    /** An event (a share, a sample): straight out, or behind a candidate still with the node. */
    push(event: OutgoingEvent) {
      if (waiting.length > 0) waiting.push({ pending: false, event });
      else outbox.push(event);
    },
    /** Holds the place of a candidate; the answer releases it, with the block when the node took it. */
    hold(): (block: AcceptedBlock | undefined) => void {
      const place: Place = { pending: true };
      waiting.push(place);
      return (block) => {
        place.block = block;
        place.pending = false;
        drain();
      };
    },
  };
}
