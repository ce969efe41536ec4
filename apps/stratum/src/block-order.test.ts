import { describe, expect, it } from 'vitest';
import type { OutgoingEvent } from './outbox.ts';
import { blockOrder } from './block-order.ts';

const share = (n: number) => ({ type: 'share', n }) as unknown as OutgoingEvent;
const block = (hash: string) => ({ type: 'block', hash }) as unknown as OutgoingEvent;

describe('blockOrder', () => {
  it("sends a block's event right after its own share, before the shares found while the node judged it", () => {
    const sent: unknown[] = [];
    const watched: string[] = [];
    const order = blockOrder({ push: (event) => sent.push(event) }, (hash, height) => watched.push(`${hash}@${height}`));
    order.push(share(1));
    const first = order.hold();
    order.push(share(2));
    const second = order.hold();
    order.push(share(3));
    expect(sent).toEqual([share(1)]);
    // The second candidate's answer comes first: it still waits behind the first.
    second({ event: block('b'), hash: 'b', height: 11 });
    expect(sent).toEqual([share(1)]);
    expect(watched).toEqual([]);
    // The first was refused: no event of its own, everything behind it goes, in order.
    first(undefined);
    expect(sent).toEqual([share(1), share(2), block('b'), share(3)]);
    expect(watched).toEqual(['b@11']);
    order.push(share(4));
    expect(sent.at(-1)).toEqual(share(4));
  });
});
