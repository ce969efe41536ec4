import { describe, expect, it } from 'vitest';
import { localeCookie } from './locale-cookie';

describe('localeCookie', () => {
  it('is the spec cookie for a year on the whole site', () => {
    expect(localeCookie('ru')).toBe('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('carries the URL code of the locale', () => {
    expect(localeCookie('zh-cn')).toBe('i18n_redirected=zh-cn; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('en')).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
