/**
 * One digit system in every language (decision 002, addendum): no catalogue writes Persian or
 * Arabic-Indic digits or their decimal, thousands and percent signs, so a label such as
 * '24 ساعت' reads like the figures beside it. New Persian text is written with Latin digits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../locales/', import.meta.url);
const NON_LATIN = /[\u0660-\u066C\u06F0-\u06F9]/;

describe('catalogues', () => {
  it.each(readdirSync(dir).filter((name) => name.endsWith('.json')))('%s writes Latin digits only', (name) => {
    const catalogue = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Record<string, string>;
    const offending = Object.entries(catalogue).filter(([, text]) => NON_LATIN.test(text));
    expect(offending).toEqual([]);
  });
});
