/** Placeholder while issue 3 is being built; replaced by its owner. */
export function OfflineIndicator(_props: Record<string, unknown>) {
  return null;
}
