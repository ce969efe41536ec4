/**
 * A merge-mined block's effort in the real built site on the e2e pool (decision 024, addendum of
 * 2026-11-28): on the btc pool page and its blocks page, the Fractal Bitcoin blocks merge-mined
 * with btc show their effort as a percentage, the API's figure, like btc's own blocks; fb's
 * samples come in another source than those blocks, which left them a bare dash.
 */
import { expect, test, type Page } from '@playwright/test';
import { blocksPageSchema } from '@openpool/domain/api';
import { formatPercentOf } from '@openpool/domain/format';
import { API } from './ports.ts';

async function mergedBlocks(pageSize: number) {
  const response = await fetch(`${API}/btc/api/v1/blocks?page=1&page_size=${pageSize}&merged=true`);
  expect(response.status).toBe(200);
  return blocksPageSchema.parse(await response.json()).results;
}

async function effortsShown(page: Page) {
  return page.getByTestId('block-row').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = row.querySelector('[data-testid="block-effort"]');
      // An unknown effort: its mark, not the reason the screen reader gets beside it.
      const shown = cell?.querySelector('[aria-hidden="true"]')?.textContent ?? cell?.textContent;
      return [row.getAttribute('data-hash'), shown];
    }),
  );
}

for (const [path, pageSize] of [
  ['/btc/blocks', 25],
  ['/btc', 10],
] as const) {
  test(`${path} gives every merge-mined FB block its effort, as the API does`, async ({ page }) => {
    const blocks = await mergedBlocks(pageSize);
    const fb = blocks.filter((block) => block.coin === 'fb' && block.merged_from === 'btc');
    expect(fb.length, 'the e2e day has merge-mined fb blocks').toBeGreaterThan(0);
    // Decision 024: an effort stays unknown only for a block before its chain's first difficulty
    // sample, which the simulated day has or not depending on where its start falls (the run's
    // clock). Oldest first: once one block has an effort, every later one has one.
    const oldestFirst = [...fb].reverse();
    const firstKnown = oldestFirst.findIndex((block) => block.effort !== null);
    expect(firstKnown, 'some merged fb block has its effort').toBeGreaterThanOrEqual(0);
    const known = oldestFirst.slice(firstKnown);
    expect(
      known.every((block) => block.effort !== null && block.effort > 0),
      JSON.stringify(fb),
    ).toBe(true);
    await page.goto(path);
    await expect(page.getByTestId('block-row')).toHaveCount(blocks.length);
    expect(await effortsShown(page)).toEqual(
      blocks.map((block) => [block.hash, block.effort === null ? '—*' : formatPercentOf('effort', block.effort)]),
    );
    await expect(page.getByTestId('blocks-effort-note')).toHaveCount(blocks.some((block) => block.effort === null) ? 1 : 0);
  });
}
