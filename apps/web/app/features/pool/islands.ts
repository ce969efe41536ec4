/**
 * The pool page's parts below a phone's first screen, as islands (decision 037): the server
 * renders them whole; a first visit downloads their code when they come near the screen.
 */
import { island } from '~/shared/island';

export const ConnectionGuide = island(
  'connection-guide',
  () => import('./connection-guide').then((m) => ({ default: m.ConnectionGuide })),
  { parts: ['guide'] },
);
export const BlocksTable = island('blocks-table', () => import('./blocks-table').then((m) => ({ default: m.BlocksTable })));
