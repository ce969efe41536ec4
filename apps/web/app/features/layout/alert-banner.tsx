/** Placeholder while issue 3 is being built; replaced by its owner. */
export function AlertBanner(_props: Record<string, unknown>) {
  return null;
}
