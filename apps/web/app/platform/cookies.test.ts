import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among several, with or without spaces', () => {
    expect(readCookie('a=1; i18n_redirected=ru; b=2', 'i18n_redirected')).toBe('ru');
    expect(readCookie('a=1;i18n_redirected=fr;b=2', 'i18n_redirected')).toBe('fr');
    expect(readCookie('  i18n_redirected  =  pl  ', 'i18n_redirected')).toBe('pl');
    expect(readCookie('i18n_redirected=tr', 'i18n_redirected')).toBe('tr');
    expect(readCookie('a=1; b=2', 'b')).toBe('2');
  });

  it('returns null when the cookie is missing', () => {
    expect(readCookie('a=1; b=2', 'i18n_redirected')).toBeNull();
    expect(readCookie('', 'i18n_redirected')).toBeNull();
    expect(readCookie(null, 'i18n_redirected')).toBeNull();
  });

  it('matches the whole name, not a prefix or suffix of another', () => {
    expect(readCookie('xi18n_redirected=ru; i18n_redirected_old=fr', 'i18n_redirected')).toBeNull();
  });

  it('skips parts without an equals sign', () => {
    expect(readCookie('i18n_redirected; garbage; i18n_redirected=es', 'i18n_redirected')).toBe('es');
  });

  it('takes the first of two cookies with the same name', () => {
    expect(readCookie('i18n_redirected=ru; i18n_redirected=fr', 'i18n_redirected')).toBe('ru');
  });

  it('keeps an equals sign inside the value and decodes percent-encoding', () => {
    expect(readCookie('token=a=b=c', 'token')).toBe('a=b=c');
    expect(readCookie('name=J%C3%BCrgen%20K', 'name')).toBe('Jürgen K');
  });

  it('returns an empty string for an empty value', () => {
    expect(readCookie('i18n_redirected=; a=1', 'i18n_redirected')).toBe('');
  });

  it('returns null for malformed percent-encoding', () => {
    expect(readCookie('i18n_redirected=%E0%A4%A', 'i18n_redirected')).toBeNull();
    expect(readCookie('a=1; i18n_redirected=%zz', 'i18n_redirected')).toBeNull();
  });

  it('still reads a well-formed cookie next to a malformed one', () => {
    expect(readCookie('other=%zz; i18n_redirected=ko', 'i18n_redirected')).toBe('ko');
  });

  it('ignores a header over 8192 characters', () => {
    const padding = `pad=${'x'.repeat(8192)}`;
    expect(readCookie(`i18n_redirected=ru; ${padding}`, 'i18n_redirected')).toBeNull();
  });

  it('reads a header of exactly 8192 characters', () => {
    const head = 'i18n_redirected=ru; pad=';
    const header = head + 'x'.repeat(8192 - head.length);
    expect(header).toHaveLength(8192);
    expect(readCookie(header, 'i18n_redirected')).toBe('ru');
  });
});
