/**
 * Watcher links (decision 023): a miner's owner, proven as for settings (the IP
 * of a worker that sent shares in the last 24 hours, wrong guesses counted in the same limits),
 * creates read-only links with a label and an expiry, lists and revokes them. A link is a random
 * token shown once; only its SHA-256 is kept. `GET /api/v1/watch/{token}` names the miner a live
 * link opens and is 404 the moment it is revoked or expired (never cached).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  watchTargetSchema,
  watcherCreateSchema,
  watcherCreatedSchema,
  watcherListSchema,
  watcherProofSchema,
  watcherRevokeSchema,
} from '@openpool/domain/api';
import type { ApiContext } from '../context.ts';
import { HttpError, limitRefusal, notFound } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { unix } from '../stats/windows.ts';
import { createSettingsLimiter } from './rate-limit.ts';
import {
  insertWatcherLink,
  liveWatcherLinkCount,
  liveWatcherTarget,
  revokeWatcherLink,
  watcherLinks,
  workerIpProves,
  type WatcherLinkRow,
} from './queries.ts';
import type { CoinTicker } from '@openpool/domain/coins';
import { API_ROUTES } from '@openpool/domain/paths';
import { isWatcherToken } from '@openpool/domain/routes';

const PROOF_WINDOW_MS = 24 * 3_600_000;
/** Links a miner may have at once (live or not yet expired); revoked ones do not count. */
const MAX_LINKS = 20;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const linkOf = (row: WatcherLinkRow) => ({
  id: row.id,
  label: row.label,
  created_at: unix(row.created_at),
  expires_at: unix(row.expires_at),
  revoked: row.revoked_at !== null,
});

export function registerWatcherRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createSettingsLimiter(ctx.db);
  const params = z.object({ coin: coinParam, address: addressParam });
  const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

  /** The settings proof: refused like settings, with the same limits on wrong guesses. */
  async function prove(clientIp: string, coin: string, address: string, ip: string): Promise<void> {
    const now = ctx.now();
    const miner = `${coin}:${address}`;
    const wait = await limiter.wait(clientIp, miner, now);
    if (wait > 0) throw limitRefusal('too_many_attempts', wait);
    const proven =
      /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) && (await workerIpProves(ctx.db, coin, address, ip, new Date(now - PROOF_WINDOW_MS)));
    if (!proven) {
      await limiter.failed(clientIp, miner, now);
      throw new HttpError(403, 'forbidden', 'Forbidden: watcher links cannot be managed with the details given.');
    }
  }

  /** The miner a managing request names, checked and proven, or the refusal. */
  async function provenMiner(request: {
    ip: string;
    params: { coin: string; address: string };
    body: { ip: string };
  }): Promise<{ coin: CoinTicker; address: string }> {
    const coin = checkCoin(ctx, request.params.coin);
    const address = checkAddress(request.params.address);
    await prove(request.ip, coin, address, request.body.ip);
    return { coin, address };
  }

  const list = async (coin: string, address: string) => (await watcherLinks(ctx.db, coin, address)).map(linkOf);

  r.post(
    API_ROUTES.minerWatchers,
    {
      schema: {
        tags: ['settings'],
        summary: 'Create a read-only watcher link (proof: a worker IP, as for settings); the token is shown this once',
        params,
        body: watcherCreateSchema,
        response: { 201: watcherCreatedSchema, ...errors },
      },
      config: { cache: 'none' },
    },
    async (request, reply) => {
      const { coin, address } = await provenMiner(request);
      const now = ctx.now();
      if ((await liveWatcherLinkCount(ctx.db, coin, address, new Date(now))) >= MAX_LINKS)
        throw new HttpError(400, 'too_many_links', `At most ${MAX_LINKS} live watcher links: revoke one first.`);
      const token = randomBytes(24).toString('base64url');
      const row = await insertWatcherLink(ctx.db, {
        tokenHash: hashToken(token),
        coin,
        address,
        label: request.body.label,
        createdAt: new Date(now),
        expiresAt: new Date(now + request.body.expires_days * 86_400_000),
      });
      return reply.code(201).send({ link: linkOf(row), token });
    },
  );

  r.post(
    API_ROUTES.minerWatchersList,
    {
      schema: {
        tags: ['settings'],
        summary: 'List the miner’s watcher links (proof: a worker IP); tokens are never shown again',
        params,
        body: watcherProofSchema,
        response: { 200: watcherListSchema, ...errors },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const { coin, address } = await provenMiner(request);
      return { links: await list(coin, address) };
    },
  );

  r.post(
    API_ROUTES.minerWatchersRevoke,
    {
      schema: {
        tags: ['settings'],
        summary: 'Revoke a watcher link (proof: a worker IP): it is a 404 from this moment',
        params,
        body: watcherRevokeSchema,
        response: { 200: watcherListSchema, ...errors },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const { coin, address } = await provenMiner(request);
      if (!(await revokeWatcherLink(ctx.db, request.body.id, coin, address, new Date(ctx.now()))))
        throw notFound('No such watcher link for this miner');
      return { links: await list(coin, address) };
    },
  );

  r.get(
    API_ROUTES.watchTarget,
    {
      schema: {
        tags: ['miner'],
        summary: 'The miner a live watcher link opens; 404 once it is revoked or expired',
        params: z.object({ token: z.string().max(128) }),
        response: { 200: watchTargetSchema, 404: errorSchema },
      },
      // Never kept by anyone: a revoked link must be a 404 at once.
      config: { cache: 'none' },
    },
    async (request) => {
      const { token } = request.params;
      if (!isWatcherToken(token)) throw notFound('No such watcher link');
      const row = await liveWatcherTarget(ctx.db, hashToken(token), new Date(ctx.now()));
      if (!row) throw notFound('No such watcher link');
      return { coin: row.coin, address: row.address, label: row.label, expires_at: unix(row.expires_at) };
    },
  );
}
