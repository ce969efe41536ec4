/**
 * The settings form's words for a 429 (decision 016): the mail limits say which one and how long
 * (hours, days), in the visitor's language; the proof limit keeps its minutes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Translator } from '~/i18n/translator';
import { refusalText } from './settings-refusal';

let en: Translator;
let ru: Translator;
const t = (translator: () => Translator) => (id: string, values?: Record<string, string | number>) => translator()._(id, values);

beforeAll(async () => {
  en = await loadCatalogue('en');
  ru = await loadCatalogue('ru');
});

describe('refusalText', () => {
  it('names the mail limit and the wait in days or hours', () => {
    expect(
      refusalText(
        { error: 'mail_recipient_quiet' },
        String(6 * 86_400 + 100),
        t(() => en),
        'en',
      ),
    ).toBe(
      'This e-mail address did not confirm the last links sent to it, so no new one is sent to it for 7 days. Look for the last link in its inbox or spam folder.',
    );
    expect(
      refusalText(
        { error: 'mail_recipient_limit' },
        '7200',
        t(() => en),
        'en',
      ),
    ).toBe('This e-mail address has had as many confirmation links as it may get for now. Try again in 2 hours.');
    expect(
      refusalText(
        { error: 'mail_asker_limit' },
        '86400',
        t(() => ru),
        'ru',
      ),
    ).toBe(
      'Для этого майнера или из вашей сети запрошено слишком много ссылок для подтверждения. Попробуйте снова через 24 часа.',
    );
  });

  it('keeps the proof limit in minutes, and reads a missing Retry-After as the hour', () => {
    expect(
      refusalText(
        { error: 'too_many_attempts' },
        '125',
        t(() => en),
        'en',
      ),
    ).toBe('Too many attempts. Try again in 3 minutes.');
    expect(
      refusalText(
        null,
        null,
        t(() => en),
        'en',
      ),
    ).toBe('Too many attempts. Try again in 60 minutes.');
    expect(
      refusalText(
        { error: 'mail_recipient_limit' },
        'soon',
        t(() => en),
        'en',
      ),
    ).toMatch(/Try again in 1 hour\.$/);
  });
});
