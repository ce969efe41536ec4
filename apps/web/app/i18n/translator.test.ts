import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { Translator, type Messages } from './translator';

function translator(locale: string, iso: string, texts: Record<string, string>): Translator {
  const t = new Translator(locale, [iso]);
  t.load(Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessage(text)])) as Messages);
  return t;
}

describe('Translator', () => {
  it('renders text, arguments and missing arguments as empty', () => {
    const t = translator('en', 'en', { plain: 'Just text', title: 'Error {status}', two: '{a} of {b}' });
    expect(t._('plain')).toBe('Just text');
    expect(t._('title', { status: 404 })).toBe('Error 404');
    expect(t._('two', { a: 'x' })).toBe('x of ');
  });

  it('returns an id it does not have as itself', () => {
    expect(translator('en', 'en', {})._('pool.card.miners')).toBe('pool.card.miners');
  });

  it('picks the plural category of the language and formats # as a number', () => {
    const en = translator('en', 'en', { n: '{count, plural, one {# coin} other {# coins}}' });
    expect(en._('n', { count: 1 })).toBe('1 coin');
    // Grouped like every figure of the site (decision 002, addendum), the same in every language.
    expect(en._('n', { count: 2500 })).toBe('2\u202F500 coins');
    const ru = translator('ru', 'ru', {
      n: '{count, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}',
    });
    expect([1, 3, 5, 21, 1.5].map((count) => ru._('n', { count }))).toEqual([
      '1 монета',
      '3 монеты',
      '5 монет',
      '21 монета',
      '1.5 монеты',
    ]);
  });

  it('prefers an exact case, keeps a quoted # and arguments inside a case', () => {
    const t = translator('en', 'en', {
      n: "{count, plural, =0 {none} one {# '#'1 for {name}} other {# for {name}}}",
    });
    expect(t._('n', { count: 0, name: 'rig' })).toBe('none');
    expect(t._('n', { count: 1, name: 'rig' })).toBe('1 #1 for rig');
    expect(t._('n', { count: 7, name: 'rig' })).toBe('7 for rig');
  });

  it('isolates every value with a digit in right-to-left text, and only there', () => {
    const texts = {
      balance: 'موجودی {amount}',
      ago: 'آخرین سهم {time}',
      n: '{count, plural, other {# دستگاه}}',
      name: 'سلام {name}',
    };
    const fa = translator('fa', 'fa', texts);
    expect(fa._('balance', { amount: '10\u202F922.337935 DOGE' })).toBe('موجودی \u206810\u202F922.337935 DOGE\u2069');
    expect(fa._('ago', { time: '5 دقیقه پیش' })).toBe('آخرین سهم \u20685 دقیقه پیش\u2069');
    expect(fa._('n', { count: 82 })).toBe('\u206882\u2069 دستگاه');
    expect(fa._('name', { name: 'rig' })).toBe('سلام rig');
    expect(translator('en', 'en', texts)._('balance', { amount: '1.5 LTC' })).toBe('موجودی 1.5 LTC');
  });

  it('adds parts, and a later part replaces the same id', () => {
    const t = translator('en', 'en', { a: 'A' });
    expect(t.has('b')).toBe(false);
    t.load({ b: ['B'], a: ['A2'] });
    expect([t._('a'), t._('b'), t.has('b')]).toEqual(['A2', 'B', true]);
  });
});
