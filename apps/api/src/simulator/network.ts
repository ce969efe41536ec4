/**
 * The simulated networks: hashrate drifting around its typical value as a pure function of
 * time (slow value noise over days, a little over hours), and the difficulty that goes with
 * it, so that difficulty = hashrate x block time / hashes per difficulty-1 holds exactly.
 */
import { hashesPerDifficulty } from '@openpool/domain/pool-config';
import type { MinedTicker } from '@openpool/domain/events';
import { algorithmOf, CHAINS, heightAt, type Chain } from './chains.ts';
import { hash, keyOf, valueNoise } from './random.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface NetworkModel {
  coin: MinedTicker;
  chain: Chain;
  algorithm: string;
  hashesPerDifficulty: number;
  /** Block subsidy in smallest units, as the string events carry. */
  rewardUnits: string;
  rewardUnitsBig: bigint;
  hashrateAt(timeMs: number): number;
  difficultyAt(timeMs: number): number;
  heightAt(timeMs: number): number;
}

export function createNetworkModel(seed: number, coin: MinedTicker, rewardUnits: bigint): NetworkModel {
  const chain = CHAINS[coin];
  const algorithm = algorithmOf(coin);
  const perDifficulty = hashesPerDifficulty(algorithm);
  const key = hash(seed, keyOf(coin), keyOf('network'));
  // Weeks-scale wander of about +-15 %, days of +-5 %, hours of +-2 %.
  const hashrateAt = (timeMs: number): number =>
    chain.networkHashrate *
    Math.exp(
      0.15 * valueNoise(key, timeMs, 9 * DAY) +
        0.05 * valueNoise(key + 1, timeMs, DAY) +
        0.02 * valueNoise(key + 2, timeMs, 2 * HOUR),
    );
  return {
    coin,
    chain,
    algorithm,
    hashesPerDifficulty: perDifficulty,
    rewardUnits: rewardUnits.toString(),
    rewardUnitsBig: rewardUnits,
    hashrateAt,
    difficultyAt: (timeMs) => (hashrateAt(timeMs) * (chain.blockTimeMs / 1000)) / perDifficulty,
    heightAt: (timeMs) => heightAt(chain, timeMs),
  };
}

/** The body of a `network` event after its `seq` (see `events.ts`). */
export function networkEventBody(model: NetworkModel, atMs: number): string {
  const difficulty = model.difficultyAt(atMs);
  const hashrate = model.hashrateAt(atMs);
  return (
    `,"coin":"${model.coin}","difficulty":${roundSignificant(difficulty)},"hashrate":${roundSignificant(hashrate)}` +
    `,"height":${model.heightAt(atMs)},"reward":"${model.rewardUnits}","at":${atMs}}`
  );
}

/** Keeps 8 significant digits, which is all a chart or a PPS rate needs. */
export function roundSignificant(value: number): number {
  return Number(value.toPrecision(8));
}
