/** Icons of the currency switch, from the shared sprite; decorative, the button and options carry the words. */
import { SpriteIcon } from '~/platform/sprite-icon';

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <SpriteIcon
      id="chevron-down-solid"
      className={`size-4 shrink-0 text-ink-muted transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
    />
  );
}

export function UnavailableIcon() {
  return <SpriteIcon id="unavailable" className="size-4 shrink-0 text-ink-muted" />;
}

export function CheckIcon() {
  return <SpriteIcon id="check" className="size-4 shrink-0 text-accent" />;
}
