/**
 * Decorative icons drawn from one static sprite, icons.svg, so their path data is not in the
 * JavaScript of every page: the browser fetches the file once and caches it. The build gives
 * the file a hashed name (cached for a year, replaced by a deploy that changes it). The symbols
 * paint with currentColor, so an icon takes the text colour around it in both themes.
 */
import spriteUrl from './icons.svg?url';

export const SPRITE_URL: string = spriteUrl;

/**
 * Every symbol of icons.svg and its viewBox; sprite-icon.test.ts fails when the file
 * and this list differ, so a new icon goes in both.
 */
export const SPRITE_ICONS = {
  'chevron-down': '0 0 24 24',
  external: '0 0 24 24',
  menu: '0 0 24 24',
  close: '0 0 24 24',
  gift: '0 0 24 24',
  globe: '0 0 24 24',
  moon: '0 0 24 24',
  sun: '0 0 24 24',
  'arrow-up': '0 0 24 24',
  'wifi-off': '0 0 24 24',
  alert: '0 0 20 20',
  'external-mark': '0 0 12 12',
  'chevron-down-solid': '0 0 20 20',
  check: '0 0 20 20',
  unavailable: '0 0 20 20',
  'social-telegram': '0 0 24 24',
  'social-discord': '0 0 24 24',
  'social-x': '0 0 24 24',
  'social-youtube': '0 0 24 24',
  'social-reddit': '0 0 24 24',
  'social-github': '0 0 24 24',
  'social-vk': '0 0 24 24',
  'social-medium': '0 0 24 24',
} as const satisfies Record<string, string>;

export type SpriteIconId = keyof typeof SPRITE_ICONS;

/** Hidden from assistive technology: the control or text around the icon carries the meaning. */
export function SpriteIcon({ id, className }: { id: SpriteIconId; className?: string }) {
  return (
    <svg viewBox={SPRITE_ICONS[id]} aria-hidden="true" focusable="false" className={className}>
      <use href={`${SPRITE_URL}#${id}`} />
    </svg>
  );
}
