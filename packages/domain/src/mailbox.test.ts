import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.ts';

describe('mailboxKey', () => {
  it('folds Gmail’s dots, +tags and googlemail.com', () => {
    expect(mailboxKey('V.i.c.t.i.m+1@googlemail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('victim@Gmail.COM')).toBe('victim@gmail.com');
  });

  it('is one Proton mailbox for every placement of . - _ on each of its 4 domains (21 spellings, one key)', () => {
    const names = ['firstlast', 'first.last', 'first-last', 'first_last', 'f.i-r_st.last', 'first.last+pool', '_first-last.'];
    const domains = ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'];
    const keys = new Set(names.flatMap((name) => domains.map((domain) => mailboxKey(`${name}@${domain}`))));
    expect([...keys]).toEqual(['firstlast@proton.me']);
  });

  it('is one Yandex mailbox on its 6 domains, a dot the same as a hyphen', () => {
    const domains = ['yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.ru'];
    const keys = new Set(
      domains.flatMap((domain) => ['ivan.petrov', 'ivan-petrov', 'Ivan.Petrov+x'].map((n) => mailboxKey(`${n}@${domain}`))),
    );
    expect([...keys]).toEqual(['ivan-petrov@yandex.ru']);
    // Yandex keeps other characters: a name without the separator is another person.
    expect(mailboxKey('ivanpetrov@ya.ru')).toBe('ivanpetrov@yandex.ru');
  });

  it('is one iCloud mailbox on icloud.com, me.com and mac.com, dots counting', () => {
    expect(new Set(['jo@icloud.com', 'jo@me.com', 'JO+shop@mac.com'].map(mailboxKey))).toEqual(new Set(['jo@icloud.com']));
    expect(mailboxKey('j.o@icloud.com')).toBe('j.o@icloud.com');
  });

  it('keeps Outlook.com’s domains apart and their dots, folding only +tags', () => {
    expect(mailboxKey('Jo.Smith+pool@outlook.com')).toBe('jo.smith@outlook.com');
    expect(mailboxKey('jo.smith@hotmail.com')).toBe('jo.smith@hotmail.com');
    expect(mailboxKey('josmith@live.com')).toBe('josmith@live.com');
  });

  it('folds Yahoo’s hyphen subaddresses, nobody else’s', () => {
    expect(mailboxKey('base-shopping@yahoo.com')).toBe('base@yahoo.com');
    expect(mailboxKey('jo-smith@example.test')).toBe('jo-smith@example.test');
    expect(mailboxKey('jo.smith+x@example.test')).toBe('jo.smith@example.test');
  });

  it('leaves a quoted name as written, only lower case', () => {
    expect(mailboxKey('"A+B.C"@Gmail.com')).toBe('"a+b.c"@gmail.com');
  });
});
