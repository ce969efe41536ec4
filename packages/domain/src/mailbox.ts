/**
 * One key per mailbox: the spellings of an e-mail address that a provider delivers to the same
 * inbox give the same key, so that limits counted per recipient (decision 016) count the
 * mailbox, not the spelling. Only what a provider documents is folded; an unknown domain keeps
 * its dots and hyphens, because folding two real people's addresses into one key would let one
 * of them spend the other's limits.
 *
 * The providers' rules, as they document them:
 * - Gmail (support.google.com/mail/answer/7436150): dots in the name do not matter; `+tag` is
 *   delivered to the name; googlemail.com is gmail.com.
 * - Proton (proton.me/support/addresses-and-aliases): one account's name is the same mailbox
 *   at proton.me, protonmail.com, protonmail.ch and pm.me; `+tag` aliases. Proton's delivery
 *   also ignores `.`, `-` and `_` in a name (`first.last`, `first-last`, `first_last` and
 *   `firstlast` are one inbox): not in Proton's help, but confirmed by its staff and seen by
 *   users (sindastra.de/p/1775/protonmail-dots-hyphens-and-underscores), and a hostile test of
 *   this pool delivered 21 such spellings to one inbox, so all three are dropped.
 * - Yandex (yandex.com/support/domain/additional/mailbox-alias.xml, yandex.com/support/id/
 *   authorization/email.html): a mailbox has its name at every Yandex domain (yandex.ru,
 *   yandex.com, yandex.by, yandex.kz, yandex.ua, ya.ru); a name holds letters, digits, dots and
 *   hyphens (yandex.com/support/domain/domain/mail.html), and a dot and a hyphen are the same
 *   character in it (Yandex's delivery; we found it in no help page we could search, so this is
 *   the one rule here taken from behaviour); `+tag` is delivered to the name.
 * - iCloud (support.apple.com/118230): accounts from before 2012 have the same name at
 *   icloud.com, me.com and mac.com, and Apple never gave one name to two people across them;
 *   `+tag` is delivered to the name. Dots count.
 * - Outlook.com (hotmail.com, outlook.com, live.com, msn.com): `+tag` is delivered to the
 *   name (Microsoft's plus addressing); the domains are separate mailboxes, dots count.
 * - Yahoo (yahoo.com, ymail.com): disposable addresses are `base-keyword` (Yahoo Mail Plus);
 *   Yahoo names cannot hold a hyphen, so everything from the first `-` is the keyword.
 * - Any other domain: `+tag` dropped (RFC 5233 subaddressing, the common default of Postfix,
 *   Exim, Fastmail, Exchange); case folded (no provider we know delivers by case).
 */

const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const PROTON = new Set(['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me']);
const YANDEX = new Set(['yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.ru']);
const ICLOUD = new Set(['icloud.com', 'me.com', 'mac.com']);
const YAHOO = new Set(['yahoo.com', 'ymail.com']);

/** The mailbox an address delivers to, as `name@domain`, lower case, with each provider's equivalent spellings folded. */
export function mailboxKey(address: string): string {
  const text = address.trim();
  const at = text.lastIndexOf('@');
  let domain = text
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  let name = text.slice(0, Math.max(0, at)).toLowerCase();
  // A quoted name ("a b"@x) is delivered as written: only case is folded.
  if (name.startsWith('"')) return `${name}@${domain}`;
  name = name.replace(/\+.*$/, '');
  if (GMAIL.has(domain)) {
    name = name.replaceAll('.', '');
    domain = 'gmail.com';
  } else if (PROTON.has(domain)) {
    name = name.replace(/[._-]/g, '');
    domain = 'proton.me';
  } else if (YANDEX.has(domain)) {
    name = name.replaceAll('.', '-');
    domain = 'yandex.ru';
  } else if (ICLOUD.has(domain)) {
    domain = 'icloud.com';
  } else if (YAHOO.has(domain)) {
    name = name.replace(/-.*$/, '');
  }
  return `${name}@${domain}`;
}
