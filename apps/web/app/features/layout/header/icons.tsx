/** Small stroke icons of the header, from the shared sprite; decorative, so hidden from assistive technology. */
import { SpriteIcon } from '~/platform/sprite-icon';

type IconProps = { className?: string };

/** Points down; symmetric, so it reads the same right-to-left. */
export function ChevronDownIcon({ className }: IconProps) {
  return <SpriteIcon id="chevron-down" className={className ?? 'size-4'} />;
}

/** An arrow leaving the box: mirrored in right-to-left, where "outward" points the other way. */
export function ExternalIcon({ className }: IconProps) {
  return <SpriteIcon id="external" className={`rtl:-scale-x-100 ${className ?? 'size-3.5'}`} />;
}

export function MenuIcon({ className }: IconProps) {
  return <SpriteIcon id="menu" className={className ?? 'size-6'} />;
}

export function CloseIcon({ className }: IconProps) {
  return <SpriteIcon id="close" className={className ?? 'size-6'} />;
}

export function GiftIcon({ className }: IconProps) {
  return <SpriteIcon id="gift" className={className ?? 'size-4'} />;
}
