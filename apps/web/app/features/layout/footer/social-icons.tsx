/**
 * Simple glyphs of the social networks the config can name, from the shared sprite (no icon
 * font, no path data in the bundle). Decorative: the link around each carries the name.
 */
import type { SiteConfig } from '@openpool/domain/site-config';
import { SpriteIcon } from '~/platform/sprite-icon';

export type SocialNetwork = SiteConfig['links']['social'][number]['id'];

/** Brand names are proper nouns: the same in every language. */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  telegram: 'Telegram',
  discord: 'Discord',
  x: 'X',
  youtube: 'YouTube',
  reddit: 'Reddit',
  github: 'GitHub',
  vk: 'VK',
  medium: 'Medium',
};

/** Each network's glyph is the sprite symbol `social-{network}`. */
export function SocialGlyph({ network, className = 'size-5' }: { network: SocialNetwork; className?: string }) {
  return <SpriteIcon id={`social-${network}`} className={className} />;
}

export function TelegramGlyph({ className }: { className?: string }) {
  return <SocialGlyph network="telegram" className={className} />;
}
