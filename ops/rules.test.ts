/**
 * The alert rules as Prometheus reads them (decision 022): every rule file passes
 * `promtool check rules`, every alert has a case in rules.test.yml, and `promtool test rules`
 * passes (each alert fires on made-up series only after its `for:`, and stays quiet otherwise).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROMTOOL } from './testing/prometheus.ts';
import { alertsOf } from './testing/rules.ts';

const DIR = join(import.meta.dirname, 'prometheus');
const RULE_FILES = readdirSync(DIR).filter(
  (name) => /\.ya?ml$/.test(name) && !/\.test\.ya?ml$/.test(name) && name !== 'prometheus.yml',
);

/** The list: each must be one of our alerts. */
const REQUIRED = [
  'OpenPoolIngestStalled',
  'OpenPoolIngestLagging',
  'OpenPoolHourJobFailing',
  'OpenPoolOutboxGrowing',
  'OpenPoolOutboxFailing',
  'OpenPoolPayoutsStuck',
  'OpenPoolShortfall',
  'OpenPoolStratumNoFreshWork',
  'OpenPoolNodeUnreachable',
  'OpenPoolMoneyHeld',
];

describe.skipIf(!existsSync(PROMTOOL))('alert rules', () => {
  it.each(RULE_FILES)('%s passes promtool check rules', (name) => {
    const output = execFileSync(PROMTOOL, ['check', 'rules', join(DIR, name)], { encoding: 'utf8' });
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('has every alert the issue asks for, each with a case in rules.test.yml', () => {
    const alerts = alertsOf(join(DIR, 'rules.yml')).map((rule) => rule.alert);
    expect(alerts).toEqual(expect.arrayContaining(REQUIRED));
    const tests = parse(readFileSync(join(DIR, 'rules.test.yml'), 'utf8')) as {
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = new Set(
      tests.tests
        .flatMap((test) => test.alert_rule_test ?? [])
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    expect(alerts.filter((alert) => !fired.has(alert))).toEqual([]);
  });

  it('the example scrape config passes promtool check config', () => {
    const output = execFileSync(PROMTOOL, ['check', 'config', join(DIR, 'prometheus.yml')], { encoding: 'utf8' });
    expect(output).toMatch(/SUCCESS: .*prometheus\.yml is valid prometheus config file syntax/);
  });

  it('passes promtool test rules', () => {
    const output = execFileSync(PROMTOOL, ['test', 'rules', join(DIR, 'rules.test.yml')], { encoding: 'utf8' });
    expect(output).toContain('SUCCESS');
  });
});

if (!existsSync(PROMTOOL))
  describe('alert rules', () => {
    it.skip(`need ${PROMTOOL}: apt-get install prometheus (npm test installs it: scripts/ensure-prometheus.mjs)`, () => {});
  });
