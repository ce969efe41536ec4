/**
 * Signed links for mails (confirm, unsubscribe): no login, no stored token. A token names a
 * subscription and its purpose and is signed together with the recipient, so a link stops
 * working when the e-mail changes or the subscription is removed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

export type TokenPurpose = 'confirm' | 'unsubscribe';

export interface TokenSigner {
  sign(purpose: TokenPurpose, subscriptionId: number, recipient: string): string;
  /** The subscription id the token names, or null when it is malformed; check the signature with `verify`. */
  idOf(token: string): number | null;
  verify(token: string, purpose: TokenPurpose, recipient: string): boolean;
}

export function createTokenSigner(secret: string): TokenSigner {
  const mac = (purpose: TokenPurpose, id: number, recipient: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${id}\n${recipient.toLowerCase()}`).digest().subarray(0, 18);
  return {
    sign(purpose, id, recipient) {
      return `${id}.${mac(purpose, id, recipient).toString('base64url')}`;
    },
    idOf(token) {
      const match = /^(\d{1,15})\.[A-Za-z0-9_-]{24}$/.exec(token);
      return match ? Number(match[1]) : null;
    },
    verify(token, purpose, recipient) {
      const id = this.idOf(token);
      if (id === null) return false;
      const given = Buffer.from(token.slice(token.indexOf('.') + 1), 'base64url');
      const expected = mac(purpose, id, recipient);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * NOTIFY_SECRET when set; otherwise one generated on first start and kept in PostgreSQL, so
 * every replica signs alike and links survive restarts.
 */
export async function loadSecret(db: pg.Pool, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(`insert into notify_secrets (name, secret) values ('tokens', $1) on conflict (name) do nothing`, [
    randomBytes(32).toString('base64url'),
  ]);
  const row = await db.query<{ secret: string }>(`select secret from notify_secrets where name = 'tokens'`);
  return row.rows[0]!.secret;
}
