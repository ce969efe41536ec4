/**
 * Links and command lines built from coin content, for the browser (no zod here; the schema
 * that validates the content is coin-content.ts, run on the server at start-up).
 */

export const COMMAND_PLACEHOLDERS = ['pool', 'ssl_pool', 'wallet', 'worker'] as const;
export type CommandValues = Readonly<Record<(typeof COMMAND_PLACEHOLDERS)[number], string>>;

export const EXPLORER_LINK_KINDS = ['block', 'address', 'tx'] as const;
export type ExplorerLinkKind = (typeof EXPLORER_LINK_KINDS)[number];
export const EXPLORER_PLACEHOLDER: Readonly<Record<ExplorerLinkKind, string>> = {
  block: '{hash}',
  address: '{address}',
  tx: '{txid}',
};

export function isPlaceholder(name: string): boolean {
  return (COMMAND_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The explorer page for a block hash, address or transaction id, or null when the coin has none. */
export function explorerLink(
  coin: { explorer?: Partial<Record<ExplorerLinkKind, string>> | undefined },
  kind: ExplorerLinkKind,
  value: string,
): string | null {
  const template = coin.explorer?.[kind];
  if (!template || value === '') return null;
  return template.replace(EXPLORER_PLACEHOLDER[kind], encodeURIComponent(value));
}

/** A command template with the miner's server, address and worker filled in. */
export function fillCommand(template: string, values: CommandValues): string {
  return template.replace(/\{([a-z_]+)\}/g, (match, name: string) =>
    isPlaceholder(name) ? values[name as keyof CommandValues] : match,
  );
}
