/**
 * The pool page's revenue calculator, below a phone's first screen, as an island (decision 037):
 * the server renders it whole; a first visit downloads its code when it comes near the screen.
 * The device page's are in device-islands.ts: one module per page, so each is part of its
 * page's chunk instead of a chunk of its own that both download.
 */
import { island } from '~/shared/island';

export const CoinCalculator = island(
  'coin-calculator',
  () => import('./coin-calculator').then((m) => ({ default: m.CoinCalculator })),
  { parts: ['hardware', 'calc'] },
);
