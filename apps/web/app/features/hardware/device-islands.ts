/**
 * The device page's revenue calculator and sellers, below a phone's first screen (at 412 px the
 * calculator starts at about 2,800 px), as islands (decision 037).
 */
import { island } from '~/shared/island';

export const DeviceCalculator = island(
  'device-calculator',
  () => import('./device-calculator').then((m) => ({ default: m.DeviceCalculator })),
  { className: 'mt-6', parts: ['calc'] },
);

export const DeviceSellers = island('device-sellers', () =>
  import('./device-sellers').then((m) => ({ default: m.DeviceSellers })),
);
