/**
 * The miner pages' parts below the first screen of a phone, as islands (decision 037): the
 * server renders them whole, and a first visit downloads their code only when they come near
 * the screen. The modules themselves are imported only from here (and their tests), so their
 * code is in no chunk a page loads up front. Their words are the catalogue's panel part, which
 * comes with them; the export dialog's are the miner part's (the payouts page shows it at once).
 */
import { island } from '~/shared/island';

const panel = { parts: ['panel'] } as const;

export const WorkersTable = island(
  'workers-table',
  () => import('./workers-table').then((m) => ({ default: m.WorkersTable })),
  panel,
);
export const ExportDialog = island('export-dialog', () => import('./export-dialog').then((m) => ({ default: m.ExportDialog })));
export const RewardChart = island(
  'reward-chart',
  () => import('./reward-chart').then((m) => ({ default: m.RewardChart })),
  panel,
);
export const ReportedHashrate = island(
  'reported-hashrate',
  () => import('./reported-hashrate').then((m) => ({ default: m.ReportedHashrate })),
  panel,
);
export const BestShares = island('best-shares', () => import('./best-shares').then((m) => ({ default: m.BestShares })), panel);
export const ShareQualityTable = island(
  'share-quality',
  () => import('./share-quality').then((m) => ({ default: m.ShareQualityTable })),
  panel,
);
// Grid items of the stats page: the island's element takes the panel's place in the grid, and
// as a grid of its own it stretches the panel to the row's height as before.
export const BalanceFigures = island(
  'balance-figures',
  () => import('./balance-figures').then((m) => ({ default: m.BalanceFigures })),
  { ...panel, className: 'grid min-w-0' },
);
export const SoloFigures = island('solo-figures', () => import('./balance-figures').then((m) => ({ default: m.SoloFigures })), {
  ...panel,
  className: 'grid min-w-0 lg:col-span-3',
});
