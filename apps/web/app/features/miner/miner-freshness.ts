/**
 * When a miner's page says 'This miner is out of date'
 * (decision 020): when none of its workers is online, that is when the pool has had no share
 * from it for the API's offline delay (20 minutes, `OFFLINE_AFTER_S`). From then on its
 * 10-minute hashrate reads 0 and every other figure only ages, so the page says so and when
 * the last share came, instead of showing old figures as if they were current.
 */
export { isMining, isOutOfDate } from '@openpool/domain/miner-rules';
