import { describe, expect, it } from 'vitest';
import { Bans } from './bans.ts';
import { sessionOptions } from './defaults.ts';
import { headerOf, type Job } from './job.ts';
import { parseRequest } from './protocol.ts';
import { hashValue, scryptPow } from './scrypt.ts';
import { parseReportedHashrate } from './protocol.ts';
import { Session, type PoolCore, type ShareOutcome } from './session.ts';
import { shareTarget } from './target.ts';
import { createJob } from './testing/fixtures.ts';

const ADDRESS = 'rltc1qx7prmx383cxvjlsn0temm973n4f64wnmudkxur';
const EN1 = 'a1b2c3d4';

function setup(options: { job?: Job; difficulty?: number } = {}) {
  let job = options.job ?? createJob();
  const shares: ShareOutcome[] = [];
  const blocks: Job[] = [];
  const sent: { id?: unknown; method?: string; params?: unknown[]; result?: unknown; error?: [number, string] | null }[] = [];
  let closed: string | undefined;
  const core: PoolCore = {
    now: () => job.ntime * 1000 + 5000,
    currentJob: () => job,
    job: (id) => (id === job.id ? job : undefined),
    validateAddress: async (address) => address === ADDRESS,
    onShare: (share) => shares.push(share),
    onBlockCandidate: (found) => blocks.push(found),
    bans: new Bans({ minInvalid: 5, banMs: 60_000 }),
    options: sessionOptions(options.difficulty ?? 1 / 4096, 'pps'),
  };
  const session = new Session(
    core,
    '203.0.113.7',
    EN1,
    (text) => sent.push(JSON.parse(text)),
    (reason) => (closed = reason),
  );
  let id = 0;
  const call = async (method: string, params: unknown[]) => {
    const request = parseRequest(JSON.stringify({ id: ++id, method, params }));
    if ('invalid' in request) throw new Error(request.invalid);
    await session.handle(request);
    return sent.filter((message) => message.id === id).at(-1)!;
  };
  return {
    session,
    call,
    sent,
    shares,
    blocks,
    setJob: (next: Job) => (job = next),
    closed: () => closed,
  };
}

/** Searches nonces until the header meets (or, with `miss`, fails) the share target. */
function mine(job: Job, difficulty: number, miss = false, start = 0) {
  for (let nonce = start; ; nonce++) {
    const solution = { extranonce1: EN1, extranonce2: '00000001', ntime: job.ntime, nonce, version: job.version };
    const meets = hashValue(scryptPow(headerOf(job, solution))) <= shareTarget(difficulty);
    if (meets !== miss) return nonce.toString(16).padStart(8, '0');
  }
}

describe('a stratum session', () => {
  it('subscribes, authorises WALLET.WORKER, then sends difficulty and the job', async () => {
    const t = setup();
    const subscribed = await t.call('mining.subscribe', ['cpuminer/2.5.1']);
    expect(subscribed.result).toEqual([expect.any(Array), EN1, 4]);
    expect((await t.call('mining.authorize', [`${ADDRESS}.rig1`, 'x'])).result).toBe(true);
    const methods = t.sent.map((message) => message.method).filter(Boolean);
    expect(methods).toEqual(['mining.set_difficulty', 'mining.notify']);
    expect(t.sent.find((message) => message.method === 'mining.notify')!.params![0]).toBe('1');
  });

  it('refuses a bad address with a clear message and stays usable', async () => {
    const t = setup();
    await t.call('mining.subscribe', []);
    const refused = await t.call('mining.authorize', ['ltc1notmine.rig', 'x']);
    expect(refused.result).toBe(false);
    expect(refused.error?.[0]).toBe(24);
    expect(refused.error?.[1]).toMatch(/not a valid address/);
    expect((await t.call('mining.authorize', [`${ADDRESS}/rig2`, 'x'])).result).toBe(true);
    expect(t.closed()).toBeUndefined();
  });

  it('answers 25 before subscribe and 24 for a worker it never authorised', async () => {
    const t = setup();
    expect((await t.call('mining.submit', [`${ADDRESS}.a`, '1', '00000001', '00000000', '00000000'])).error?.[0]).toBe(25);
    await t.call('mining.subscribe', []);
    expect((await t.call('mining.submit', [`${ADDRESS}.a`, '1', '00000001', '00000000', '00000000'])).error?.[0]).toBe(24);
    expect(t.shares).toEqual([]);
  });

  it('accepts a real share, then refuses it as a duplicate (22); a stale job gives 21', async () => {
    const t = setup();
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.rig1`, 's=prop']);
    const job = createJob();
    const nonce = mine(job, 1 / 4096);
    const params = [`${ADDRESS}.rig1`, job.id, '00000001', job.ntime.toString(16), nonce];
    expect((await t.call('mining.submit', params)).result).toBe(true);
    expect((await t.call('mining.submit', params)).error?.[0]).toBe(22);
    t.setJob(createJob({ previousblockhash: '00'.repeat(32) }, '2'));
    expect((await t.call('mining.submit', params)).error?.[0]).toBe(21);
    expect(t.shares.map((share) => [share.status, share.scheme, share.worker, share.ip])).toEqual([
      ['valid', 'prop', 'rig1', '203.0.113.7'],
      ['invalid', 'prop', 'rig1', '203.0.113.7'],
      ['stale', 'prop', 'rig1', '203.0.113.7'],
    ]);
    expect(t.blocks).toEqual([]);
  });

  it('reports the difficulty the hash reached and the hashrate the miner last reported', async () => {
    const t = setup();
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.rig1`, 'x']);
    expect((await t.call('mining.hashrate', [125e6, `${ADDRESS}.rig1`])).result).toBe(true);
    expect((await t.call('eth_submitHashrate', ['0x7735940', '0xabc'])).result).toBe(true);
    expect((await t.call('mining.hashrate', ['lots'])).result).toBe(false);
    const job = createJob();
    const nonce = mine(job, 1 / 4096);
    expect((await t.call('mining.submit', [`${ADDRESS}.rig1`, job.id, '00000001', job.ntime.toString(16), nonce])).result).toBe(
      true,
    );
    const solution = {
      extranonce1: EN1,
      extranonce2: '00000001',
      ntime: job.ntime,
      nonce: parseInt(nonce, 16),
      version: job.version,
    };
    const reached = Number(shareTarget(1)) / Number(hashValue(scryptPow(headerOf(job, solution))));
    const [share] = t.shares;
    expect(share?.reportedHashrate).toBe(125e6);
    expect(share?.actualDifficulty).toBeGreaterThanOrEqual(1 / 4096);
    expect(share?.actualDifficulty).toBeCloseTo(Math.max(1 / 4096, reached), 12);
    expect(parseReportedHashrate('0x7735940')).toBe(125e6);
    for (const bad of [-1, '12 MH/s', 2e24, null]) expect(parseReportedHashrate(bad)).toBeUndefined();
  });

  it('refuses a hash above the share target as low difficulty (23)', async () => {
    const t = setup();
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.rig1`, 'd=1']);
    const job = createJob();
    const nonce = mine(job, 1, true);
    const answer = await t.call('mining.submit', [`${ADDRESS}.rig1`, job.id, '00000001', job.ntime.toString(16), nonce]);
    expect(answer.error?.[0]).toBe(23);
    expect(t.shares[0]).toMatchObject({ status: 'invalid', difficulty: 1 });
  });

  it('hands a share that meets the network target to block submission', async () => {
    const job = createJob({ bits: '207fffff' });
    const t = setup({ job });
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.rig1`, 'x']);
    const nonce = mine(job, 4.6e-10 * 65536 * 0.999);
    expect((await t.call('mining.submit', [`${ADDRESS}.rig1`, job.id, '00000001', job.ntime.toString(16), nonce])).result).toBe(
      true,
    );
    expect(t.blocks).toHaveLength(1);
  });

  it('negotiates version rolling (BIP 310) and refuses bits outside the mask', async () => {
    const t = setup();
    const configured = await t.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': 'ffffffff' }]);
    expect(configured.result).toEqual({ 'version-rolling': true, 'version-rolling.mask': '1fffe000' });
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.asic`, 'x']);
    const answer = await t.call('mining.submit', [
      `${ADDRESS}.asic`,
      '1',
      '00000001',
      createJob().ntime.toString(16),
      '00000000',
      '00000001',
    ]);
    expect(answer.error).toEqual([20, 'Other/Unknown: version bits outside the mask', null]);
  });

  it('bans an address that sends only bad shares and closes its connection', async () => {
    const t = setup();
    await t.call('mining.subscribe', []);
    await t.call('mining.authorize', [`${ADDRESS}.bad`, 'x']);
    for (let i = 0; i < 5; i++) await t.call('mining.submit', [`${ADDRESS}.bad`, 'nope', '00000001', '00000000', '00000000']);
    expect(t.closed()).toMatch(/banned/);
    const again = await t.call('mining.authorize', [`${ADDRESS}.other`, 'x']);
    expect(again.error?.[1]).toMatch(/banned/);
  });

  it('answers garbage with an error instead of throwing', () => {
    expect(parseRequest('{not json')).toEqual({ invalid: 'not JSON' });
    expect(parseRequest('[1,2]')).toEqual({ invalid: 'not a JSON-RPC object' });
    expect(parseRequest('{"id":1}')).toEqual({ invalid: 'no method' });
  });
});
