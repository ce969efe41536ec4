/** Placeholder while issue 3 is being built; replaced by its owner. */
export function Integrations(_props: Record<string, unknown>) {
  return null;
}
