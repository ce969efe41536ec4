import { describe, expect, it } from 'vitest';
import { satisfies } from './check-engines.mjs';

describe('engines ranges (check-engines.mjs)', () => {
  it.each([
    ['24.21.0', '>=24.0.0 <25', true],
    ['25.0.0', '>=24.0.0 <25', false],
    ['20.20.2', '>=24.0.0 <25', false],
    ['24.21.0', '^22.12.0 || ^24.0.0 || >=26.0.0', true],
    ['25.1.0', '^22.12.0 || ^24.0.0 || >=26.0.0', false],
    ['20.20.2', '>=22', false],
    ['24.21.0', '>=22.22.0', true],
    ['22.21.9', '>=22.22.0', false],
    ['24.21.0', '^20.19.0 || >=22.12.0', true],
    ['20.18.0', '^20.19.0 || >=22.12.0', false],
    ['24.21.0', '18 || 20 || >=22', true],
    ['21.0.0', '18 || 20 || >=22', false],
    ['20.5.1', '20.x', true],
    ['24.21.0', '>= 14', true],
    ['24.21.0', '14 - 20', false],
    ['20.9.0', '14 - 20', true],
    ['24.21.0', '~24.21.0', true],
    ['24.22.0', '~24.21.0', false],
    ['24.21.0', '*', true],
    ['24.21.0', '<=24', true],
    ['25.0.0', '<=24', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
