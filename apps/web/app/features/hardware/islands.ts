/**
 * The pool page's revenue calculator, below a phone's first screen, as an island (decision 037):
 * the server renders it whole; a first visit downloads its code when it comes near the screen.
 */
import { island } from '~/shared/island';

export const CoinCalculator = island(
  'coin-calculator',
  () => import('./coin-calculator').then((m) => ({ default: m.CoinCalculator })),
  { parts: ['hardware'] },
);
