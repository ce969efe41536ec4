import { describe, expect, it } from 'vitest';
import { analyticsScriptUrl } from './analytics';

describe('analyticsScriptUrl', () => {
  it('adds the property id', () => {
    expect(analyticsScriptUrl({ script: 'https://tags.example/gtag/js', id: 'G-AB12' })).toBe(
      'https://tags.example/gtag/js?id=G-AB12',
    );
  });

  it('keeps an id and other parameters the operator already wrote', () => {
    expect(analyticsScriptUrl({ script: 'https://tags.example/js?id=G-OWN&l=dl', id: 'G-AB12' })).toBe(
      'https://tags.example/js?id=G-OWN&l=dl',
    );
    expect(analyticsScriptUrl({ script: 'https://tags.example/js?l=dl', id: 'G-AB12' })).toBe(
      'https://tags.example/js?l=dl&id=G-AB12',
    );
  });
});
