/**
 * Simple inline glyphs of the social networks the config can name (no external images, no
 * icon font). Decorative: the link around each carries the name.
 */
import type { ReactNode } from 'react';
import type { SiteConfig } from '@openpool/domain/site-config';

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

function Glyph({ className = 'size-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" className={className}>
      {children}
    </svg>
  );
}

export function TelegramGlyph({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <path d="M2.9 11.3 20.3 4.4c.9-.3 1.6.2 1.4 1.3l-2.9 13.1c-.2 1-.9 1.2-1.7.8l-4.6-3.4-2.3 2.2c-.3.3-.9.2-.9-.3l.2-3.6 7.6-6.9c.3-.3-.1-.5-.5-.3l-9.4 5.9-4.2-1.3c-.9-.3-.9-.9 0-1.2Z" />
    </Glyph>
  );
}

const GLYPHS: Record<SocialNetwork, (props: { className?: string }) => ReactNode> = {
  telegram: TelegramGlyph,
  discord: ({ className }) => (
    <Glyph className={className}>
      <path
        fillRule="evenodd"
        d="M19 5.5A16 16 0 0 0 15.2 4.3l-.5 1a14.5 14.5 0 0 0-5.4 0l-.5-1A16 16 0 0 0 5 5.5c-2.5 3.7-3.2 7.3-2.9 10.9a16 16 0 0 0 4.7 2.4l1-1.6a10 10 0 0 1-1.6-.8l.4-.3a11.4 11.4 0 0 0 10.8 0l.4.3a10 10 0 0 1-1.6.8l1 1.6a16 16 0 0 0 4.7-2.4c.4-4.2-.6-7.8-2.9-10.9ZM7.8 12.8a1.6 1.8 0 1 0 3.2 0 1.6 1.8 0 1 0-3.2 0Zm5.2 0a1.6 1.8 0 1 0 3.2 0 1.6 1.8 0 1 0-3.2 0Z"
      />
    </Glyph>
  ),
  x: ({ className }) => (
    <Glyph className={className}>
      <path d="M3.5 3.5h5l12 17h-5Z" />
      <path d="m19.5 3.5-6.3 7.2M4.5 20.5l6.4-7.3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </Glyph>
  ),
  youtube: ({ className }) => (
    <Glyph className={className}>
      <path
        fillRule="evenodd"
        d="M21.6 7.2a2.6 2.6 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.8A27 27 0 0 0 2 12c0 1.6.1 3.2.4 4.8a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.3-1.6.4-3.2.4-4.8s-.1-3.2-.4-4.8ZM10 15.2V8.8l5.4 3.2Z"
      />
    </Glyph>
  ),
  reddit: ({ className }) => (
    <Glyph className={className}>
      <circle cx="4.6" cy="11.6" r="2" />
      <circle cx="19.4" cy="11.6" r="2" />
      <circle cx="17.2" cy="4.2" r="1.6" />
      <path
        d="M12 8.6 13.4 3.6l3.6.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        fillRule="evenodd"
        d="M3.6 14.6a8.4 5.8 0 1 0 16.8 0 8.4 5.8 0 1 0-16.8 0Zm4.6-.9a1.4 1.4 0 1 0 2.8 0 1.4 1.4 0 1 0-2.8 0Zm4.8 0a1.4 1.4 0 1 0 2.8 0 1.4 1.4 0 1 0-2.8 0Zm-4 3.2c1.8 1.2 4.2 1.2 6 0l-.6-.8c-1.4.9-3.4.9-4.8 0Z"
      />
    </Glyph>
  ),
  github: ({ className }) => (
    <Glyph className={className}>
      <path d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.8c-2.8.6-3.4-1.3-3.4-1.3-.4-1.1-1.1-1.4-1.1-1.4-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2Z" />
    </Glyph>
  ),
  vk: ({ className }) => (
    <Glyph className={className}>
      <path
        d="M2.5 7.5 6 16.5l3.5-9M13 7.5v9m0-4.5 6-4.5m-4.3 3.2 4.8 5.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Glyph>
  ),
  medium: ({ className }) => (
    <Glyph className={className}>
      <ellipse cx="7.2" cy="12" rx="5.7" ry="5.8" />
      <ellipse cx="16.3" cy="12" rx="2.8" ry="5.4" />
      <ellipse cx="21" cy="12" rx="1" ry="4.9" />
    </Glyph>
  ),
};

export function SocialGlyph({ network, className }: { network: SocialNetwork; className?: string }) {
  const Render = GLYPHS[network];
  return <Render className={className} />;
}
