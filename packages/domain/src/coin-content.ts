/**
 * Editorial content per coin (`content/coins.json`): the about-coin text, explorer links, a
 * reference device for the estimated daily reward, and the miner command lines the connection
 * guides show (decision 005). Stratum URLs are not here: the site takes them from the
 * pool stats (`servers.urls`, `servers.ssl_urls`). A bad file names every wrong field path.
 */
import { z } from 'zod';
import { AUX_TICKERS, COIN_TICKERS } from './coins.ts';

/** Platforms a connection guide exists for; ASIC has its own guide driven by `asic`. */
export const MINER_PLATFORMS = ['hiveos', 'raveos', 'mmpos', 'windows', 'linux'] as const;
export type MinerPlatform = (typeof MINER_PLATFORMS)[number];

// Placeholders, link kinds and the link and command builders live in coin-links.ts, which the
// browser imports without zod.
import {
  COMMAND_PLACEHOLDERS,
  EXPLORER_PLACEHOLDER,
  isPlaceholder as isKnownPlaceholder,
  type ExplorerLinkKind,
} from './coin-links.ts';
export {
  COMMAND_PLACEHOLDERS,
  EXPLORER_LINK_KINDS,
  explorerLink,
  fillCommand,
  type CommandValues,
  type ExplorerLinkKind,
} from './coin-links.ts';

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });
const linkTemplate = (kind: ExplorerLinkKind) =>
  httpsUrl.refine((url) => url.includes(EXPLORER_PLACEHOLDER[kind]), {
    message: `must contain ${EXPLORER_PLACEHOLDER[kind]}`,
  });

const commandTemplate = z
  .string()
  .min(10)
  .max(400)
  .refine((command) => command.includes('{wallet}'), { message: 'must contain {wallet}' })
  .refine((command) => command.includes('{pool}') || command.includes('{ssl_pool}'), {
    message: 'must contain {pool} or {ssl_pool}',
  })
  .refine((command) => [...command.matchAll(/\{([a-z_]+)\}/g)].every(([, name]) => isPlaceholder(name)), {
    message: `may only use the placeholders ${COMMAND_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
  });

function isPlaceholder(name: string | undefined): boolean {
  return name !== undefined && isKnownPlaceholder(name);
}

const minerSoftwareSchema = z.strictObject({
  name: z.string().min(1).max(60),
  platforms: z.array(z.enum(MINER_PLATFORMS)).min(1),
  download: httpsUrl,
  command: commandTemplate,
});

const coinInfoSchema = z
  .strictObject(
    {
      description: z.string().min(80).max(700),
      launched: z.number().int().min(2009).max(2100),
      block_time_seconds: z.number().positive().max(86_400),
      block_reward: z.string().min(1).max(160),
      /** Absent only where no official site could be confirmed. */
      website: httpsUrl.optional(),
      /** Absent only where no explorer could be confirmed; `address` is absent on privacy chains. */
      explorer: z
        .strictObject({
          home: httpsUrl,
          block: linkTemplate('block'),
          address: linkTemplate('address').optional(),
          tx: linkTemplate('tx'),
        })
        .optional(),
      /** A common current device, for the estimated daily reward on the home page. */
      reference: z.strictObject({ device: z.string().min(1).max(80), hashrate: z.number().positive() }),
      software: z.array(minerSoftwareSchema),
      /** Whether ASICs mine it, in which case the ASIC guide applies. */
      asic: z.boolean(),
    },
    { error: (issue) => (issue.input === undefined ? 'missing: every coin in the registry needs an entry' : undefined) },
  )
  .refine((coin) => coin.asic || coin.software.length > 0, {
    message: 'a coin without ASICs needs at least one miner in software',
    path: ['software'],
  });

export const coinContentSchema = z.strictObject({
  coins: z.record(z.enum([...COIN_TICKERS, ...AUX_TICKERS]), coinInfoSchema),
});

export type CoinContent = z.infer<typeof coinContentSchema>;
export type CoinInfo = z.infer<typeof coinInfoSchema>;
export type MinerSoftware = z.infer<typeof minerSoftwareSchema>;
export type CoinExplorer = NonNullable<CoinInfo['explorer']>;

export class CoinContentError extends Error {
  override name = 'CoinContentError';
}

/** Validates the parsed JSON of `content/coins.json`; throws CoinContentError listing every bad field. */
export function parseCoinContent(input: unknown, source = 'content/coins.json'): CoinContent {
  const result = coinContentSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    return `  ${path.replace(/^\./, '') || '(root)'}: ${issue.message}`;
  });
  throw new CoinContentError(`${source} is invalid:\n${problems.join('\n')}`);
}
