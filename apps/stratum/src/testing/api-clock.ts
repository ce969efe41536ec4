/**
 * `node --import ./api-clock.ts apps/api/src/server.ts`: the API on the test's fast clock
 * (clock.ts), taken from OPENPOOL_TEST_CLOCK before the API reads `Date.now`. Started with an
 * IPC channel, it follows the test's `set` (settableClock). Tests only.
 */
// A test hook of its own, not the API's configuration: read here, before the API starts.
// eslint-disable-next-line no-restricted-properties
let [start, realStart, speed] = parse(process.env.OPENPOOL_TEST_CLOCK ?? '');
function parse(env: string): [number, number, number] {
  const [at, real, rate] = env.split(',').map(Number);
  if (at === undefined || real === undefined || !rate) throw new Error('OPENPOOL_TEST_CLOCK: start,realStart,speed');
  return [at, real, rate];
}
const realNow = Date.now.bind(Date);
Date.now = () => Math.floor(start + (realNow() - realStart) * speed);
if (process.send) {
  process.on('message', (message: { clock?: string }) => {
    if (typeof message?.clock !== 'string') return;
    [start, realStart, speed] = parse(message.clock);
    process.send?.({ clockSet: message.clock });
  });
  // The channel must not keep the API alive once it has stopped.
  process.channel?.unref();
}
