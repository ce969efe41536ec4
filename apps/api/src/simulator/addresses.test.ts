import { describe, expect, it } from 'vitest';
import { COIN_TICKERS } from '@openpool/domain/coins';
import { addressProblem } from '@openpool/domain/address-format';
import { minerAddress } from './addresses.ts';
import { createRng } from './random.ts';

describe('minerAddress', () => {
  // The site's search and /test check an address's shape per coin: a demo miner must pass it.
  it("has each coin's address shape", () => {
    const rng = createRng(20261121);
    for (const coin of COIN_TICKERS) {
      for (let i = 0; i < 200; i++) {
        const address = minerAddress(coin, rng);
        expect(addressProblem(coin, address), `${coin} ${address}`).toBeNull();
      }
    }
  });
});
