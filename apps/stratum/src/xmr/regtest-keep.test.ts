/**
 * A kept regtest chain (`npm run chain -- xmr` keeps it in DATA_DIR) is still there after a
 * restart: monerod deletes a fake chain at start unless told to keep it, and a demo that began
 * again at height 0 left the pool's database holding the old chain's blocks as confirmed.
 * Ports 19190-19191 (decision 013 keeps 19150-19199 for stratum tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMoneroRegtest } from './regtest.ts';

/** A standard regtest-valid address that is not ours (the one real-pool.test.ts pays). */
const OUTSIDE = '49XnyVoFRQZYT7pa4gxjcAU27VcdAjvNeTFiESXvzo1k3DMNybsGT5mSQ7kCBN7yZQSc3uR7GJZQriQkodSofFVPNXBJoA7';
const dir = mkdtempSync(join(tmpdir(), 'op-xmr-keep-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a kept Monero regtest chain', () => {
  it('goes on at the same height and tip after a restart', async () => {
    const first = await startMoneroRegtest(19190, { difficulty: 1, keep: dir });
    let tip: { height: number; top_block_hash: string };
    try {
      await first.rpc('generateblocks', { amount_of_blocks: 5, wallet_address: OUTSIDE });
      tip = await first.rpc<{ height: number; top_block_hash: string }>('get_info');
      expect(tip.height).toBe(6);
    } finally {
      await first.stop();
    }
    const second = await startMoneroRegtest(19190, { difficulty: 1, keep: dir });
    try {
      const again = await second.rpc<{ height: number; top_block_hash: string }>('get_info');
      expect({ height: again.height, top: again.top_block_hash }).toEqual({ height: tip.height, top: tip.top_block_hash });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
