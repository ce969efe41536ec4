/**
 * Confirmation links cannot be used as a mail cannon (decision 016): anyone
 * who has mined once may name any e-mail in settings, so each link asked for is counted per
 * recipient, per miner and per client network, in PostgreSQL under one advisory lock (every
 * API replica, decision 014). Past a limit the ask is refused with 429 and nothing is
 * written. The figures and why they are these are in decision 016.
 *
 * The recipient's limits are filled by whoever asks, strangers included, so they never refuse
 * the owner alone: an ask proven by a worker IP whose network has not asked for this
 * recipient in the quiet period passes them (the owner's lane, decision 016's addendum). Only
 * a source that mines from the owner's own /24 can spend that lane.
 */
import type pg from 'pg';
import { bareAddress } from '@openpool/domain/client-address';
import { mailboxKey } from '@openpool/domain/mailbox';
import { clientNetwork, ipv6Site } from '../http/client-network.ts';
import { limitRefusal } from '../http/errors.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

const DAY_MS = 86_400_000;

export const MAIL_LIMITS = {
  /** Confirmation links a recipient gets in any 24 hours, whoever asks. */
  perRecipientPerDay: 3,
  /** After this many links in a row without a confirmation, the recipient is left alone … */
  unconfirmedBeforeQuiet: 3,
  /** … for this long after the last one. */
  quietMs: 7 * DAY_MS,
  /** Links one miner (coin and address) may ask for in any 24 hours. */
  perMinerPerDay: 5,
  /** Links one client network (IPv4 /24, IPv6 /56) may ask for in any 24 hours. */
  perNetworkPerDay: 10,
  /** Links one IPv6 /48 (256 /56s, free from tunnel brokers) may ask for in any 24 hours. */
  perIpv6SitePerDay: 30,
  /** Asks are kept this long, so a quiet recipient's streak is remembered. */
  keepMs: 30 * DAY_MS,
};

const ASK_LOCK = 727_030;

/** One key per mailbox, each provider's equivalent spellings folded (packages/domain/src/mailbox.ts). */
export const recipientKey = mailboxKey;

export interface ConfirmationAsk {
  recipient: string;
  /** `coin:address` */
  miner: string;
  /** The asking client's IP address; absent for asks that come from no client (tests, tools). */
  client?: string;
  /** The worker IP that proved the ask (settings' proof); its network opens the owner's lane. */
  proof?: string;
}

interface AskRow {
  recipient_key: string;
  miner: string;
  network: string | null;
  site: string | null;
  proof_network: string | null;
  asked_at: Date;
  confirmed_at: Date | null;
}

/** Milliseconds until one more ask fits `limit` in the window, given the asks in it (oldest first), else 0. */
function windowWait(times: number[], limit: number, windowMs: number, nowMs: number): number {
  const inWindow = times.filter((t) => t > nowMs - windowMs);
  return inWindow.length < limit ? 0 : inWindow[inWindow.length - limit]! + windowMs - nowMs;
}

/**
 * Counts a confirmation link inside the caller's transaction, or throws the 429 of the first
 * limit it meets (with the longest wait among those it meets). The lock is held until the
 * caller's commit, so concurrent saves on any replica count one after another.
 */
export async function claimConfirmation(db: Queryable, ask: ConfirmationAsk, nowMs: number): Promise<void> {
  const key = recipientKey(ask.recipient);
  const client = ask.client === undefined ? undefined : bareAddress(ask.client);
  const network = client === undefined ? null : clientNetwork(client);
  const site = client === undefined ? null : ipv6Site(client);
  const proofNetwork = ask.proof === undefined ? null : clientNetwork(bareAddress(ask.proof));
  await db.query('select pg_advisory_xact_lock($1)', [ASK_LOCK]);
  const since = new Date(nowMs - MAIL_LIMITS.keepMs);
  await db.query('delete from notify_mail_asks where asked_at < $1', [since]);
  const rows = (
    await db.query<AskRow>(
      `select recipient_key, miner, network, site, proof_network, asked_at, confirmed_at from notify_mail_asks
       where (recipient_key = $1 or miner = $2 or network = $3 or site = $4) and asked_at >= $5 order by asked_at`,
      [key, ask.miner, network, site, since],
    )
  ).rows;
  const times = (match: (row: AskRow) => boolean) => rows.filter(match).map((row) => row.asked_at.getTime());

  const unconfirmed = times((row) => row.recipient_key === key && row.confirmed_at === null);
  const quiet = unconfirmed.length >= MAIL_LIMITS.unconfirmedBeforeQuiet ? unconfirmed.at(-1)! + MAIL_LIMITS.quietMs - nowMs : 0;
  const recipient = windowWait(
    times((row) => row.recipient_key === key),
    MAIL_LIMITS.perRecipientPerDay,
    DAY_MS,
    nowMs,
  );
  // The owner's lane: the recipient's limits count everyone's asks, so a worker network that has
  // not asked for this recipient within the quiet period is not held to them. What strangers
  // get from it is one link a week per /24 they mine from (decision 016's addendum).
  const ownersLane =
    proofNetwork !== null &&
    !rows.some(
      (row) =>
        row.recipient_key === key && row.proof_network === proofNetwork && row.asked_at.getTime() > nowMs - MAIL_LIMITS.quietMs,
    );
  const asker = Math.max(
    windowWait(
      times((row) => row.miner === ask.miner),
      MAIL_LIMITS.perMinerPerDay,
      DAY_MS,
      nowMs,
    ),
    network === null
      ? 0
      : windowWait(
          times((row) => row.network === network),
          MAIL_LIMITS.perNetworkPerDay,
          DAY_MS,
          nowMs,
        ),
    site === null
      ? 0
      : windowWait(
          times((row) => row.site === site),
          MAIL_LIMITS.perIpv6SitePerDay,
          DAY_MS,
          nowMs,
        ),
  );
  const recipientWait = ownersLane ? 0 : Math.max(quiet, recipient);
  const wait = Math.max(recipientWait, asker) / 1000;
  if (!ownersLane && quiet > 0) throw limitRefusal('mail_recipient_quiet', wait);
  if (!ownersLane && recipient > 0) throw limitRefusal('mail_recipient_limit', wait);
  if (asker > 0) throw limitRefusal('mail_asker_limit', wait);
  await db.query(
    'insert into notify_mail_asks (recipient_key, miner, network, site, proof_network, asked_at) values ($1, $2, $3, $4, $5, $6)',
    [key, ask.miner, network, site, proofNetwork, new Date(nowMs)],
  );
}

/** A followed link ends its recipient's unconfirmed streak: every earlier ask counts as confirmed. */
export async function recipientConfirmed(db: Queryable, recipient: string, nowMs: number): Promise<void> {
  await db.query('update notify_mail_asks set confirmed_at = $2 where recipient_key = $1 and confirmed_at is null', [
    recipientKey(recipient),
    new Date(nowMs),
  ]);
}
