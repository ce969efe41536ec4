/**
 * `node --import ./api-clock.ts apps/api/src/server.ts`: the API on the test's fast clock
 * (clock.ts), taken from OPENPOOL_TEST_CLOCK before the API reads `Date.now`. Tests only.
 */
// A test hook of its own, not the API's configuration: read here, before the API starts.
// eslint-disable-next-line no-restricted-properties
const [start, realStart, speed] = (process.env.OPENPOOL_TEST_CLOCK ?? '').split(',').map(Number);
if (start === undefined || realStart === undefined || !speed) throw new Error('OPENPOOL_TEST_CLOCK: start,realStart,speed');
const realNow = Date.now.bind(Date);
Date.now = () => Math.floor(start + (realNow() - realStart) * speed);
