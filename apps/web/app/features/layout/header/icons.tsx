/** Small stroke icons of the header; decorative, so hidden from assistive technology. */
import type { ReactNode } from 'react';

type IconProps = { className?: string };

function Stroke({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? 'size-4'}
    >
      {children}
    </svg>
  );
}

/** Points down; symmetric, so it reads the same right-to-left. */
export function ChevronDownIcon({ className }: IconProps) {
  return (
    <Stroke className={className}>
      <path d="m6 9 6 6 6-6" />
    </Stroke>
  );
}

/** An arrow leaving the box: mirrored in right-to-left, where "outward" points the other way. */
export function ExternalIcon({ className }: IconProps) {
  return (
    <Stroke className={`rtl:-scale-x-100 ${className ?? 'size-3.5'}`}>
      <path d="M15 3h6v6" />
      <path d="M10 14 21 3" />
      <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </Stroke>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <Stroke className={className ?? 'size-6'}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Stroke>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <Stroke className={className ?? 'size-6'}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Stroke>
  );
}

export function GiftIcon({ className }: IconProps) {
  return (
    <Stroke className={className ?? 'size-4'}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </Stroke>
  );
}
