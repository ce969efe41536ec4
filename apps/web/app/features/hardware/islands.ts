/**
 * The pool page's and the device page's revenue calculators and the device's sellers, below a
 * phone's first screen, as islands (decision 037): the server renders them whole; a first visit
 * downloads their code when they come near the screen.
 */
import { island } from '~/shared/island';

export const CoinCalculator = island(
  'coin-calculator',
  () => import('./coin-calculator').then((m) => ({ default: m.CoinCalculator })),
  { parts: ['hardware', 'calc'] },
);

export const DeviceCalculator = island(
  'device-calculator',
  () => import('./device-calculator').then((m) => ({ default: m.DeviceCalculator })),
  { className: 'mt-6', parts: ['calc'] },
);

export const DeviceSellers = island('device-sellers', () =>
  import('./device-sellers').then((m) => ({ default: m.DeviceSellers })),
);
