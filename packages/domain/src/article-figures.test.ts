import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ArticleFigureError, fillPlaceholders, percent, resolveArticleFigure, type FigureSources } from './article-figures.ts';
import { parseCoinContent } from './coin-content.ts';
import { parsePoolConfig } from './pool-config.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../content/${file}`, import.meta.url), 'utf8')) as unknown;

function sources(mutate: (pools: Record<string, unknown>) => void = () => {}): FigureSources {
  const pools = read('pools.json') as Record<string, unknown>;
  mutate(pools);
  return { pool: parsePoolConfig(pools), coinContent: parseCoinContent(read('coins.json')), supportEmail: 'help@pool.test' };
}

describe('resolveArticleFigure', () => {
  const real = sources();

  it('reads fees, payouts and confirmations from the pool config', () => {
    expect(resolveArticleFigure('fee.ltc.pps', real)).toBe('2%');
    expect(resolveArticleFigure('fee.ltc.solo', real)).toBe('1.5%');
    expect(resolveArticleFigure('min_payout.sal', real)).toBe('5.000000 SAL');
    expect(resolveArticleFigure('payout_hours.btc', real)).toBe('24');
    expect(resolveArticleFigure('payout_hours.ltc', real)).toBe('1');
    expect(resolveArticleFigure('balance_reset_days', real)).toBe('90');
    expect(resolveArticleFigure('support_email', real)).toBe('help@pool.test');
    expect(resolveArticleFigure('merged_min.doge', real)).toBe('10.000000 DOGE');
    expect(resolveArticleFigure('merged_parent.fb', real)).toBe('BTC');
    expect(resolveArticleFigure('regions', real)).toBe('eu, ru, us, sg');
  });

  it('derives the confirmation time from confirmations and block time: QUAI takes two weeks', () => {
    // 241,920 confirmations x 5 s blocks = 1,209,600 s = 14 days.
    expect(resolveArticleFigure('confirmation_days.quai', real)).toBe('14');
    // 100 x 150 s = 15,000 s = 4.17 h.
    expect(resolveArticleFigure('confirmation_hours.ltc', real)).toBe('4.2');
  });

  it('follows the config when it changes', () => {
    const changed = sources((pools) => {
      pools.balance_reset_days = 30;
      (pools.defaults as { fees: Record<string, number> }).fees.pps = 0.025;
    });
    expect(resolveArticleFigure('balance_reset_days', changed)).toBe('30');
    expect(resolveArticleFigure('fee.kas.pps', changed)).toBe('2.5%');
  });

  it('refuses a name that is no config value', () => {
    for (const name of [
      'fee.ltc',
      'fee.sal.pps',
      'fee.ltc.pplns',
      'min_payout.doge',
      'nonsense',
      'fee.zzz.pps',
      'coin.ltc.x',
      'merged_min.ltc',
    ]) {
      expect(() => resolveArticleFigure(name, real), name).toThrow(ArticleFigureError);
    }
  });
});

describe('fillPlaceholders', () => {
  it('replaces every placeholder and leaves other braces alone', () => {
    expect(fillPlaceholders('a {{x}} b {{ y.z }} {c}', (name) => `<${name}>`)).toBe('a <x> b <y.z> {c}');
  });
  it('formats percentages exactly', () => {
    expect(percent(0.02)).toBe('2%');
    expect(percent(0.015)).toBe('1.5%');
    expect(percent(0.0025)).toBe('0.25%');
  });
});
