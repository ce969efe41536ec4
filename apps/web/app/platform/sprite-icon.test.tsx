import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SPRITE_ICONS, SPRITE_URL, SpriteIcon, type SpriteIconId } from './sprite-icon';

const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');

/** The file's symbols, id to viewBox, in file order (a Map would hide a repeated id). */
const symbols = [...sprite.matchAll(/<symbol\b([^>]*)>/g)].map(([, attributes = '']) => ({
  id: /\bid="([^"]*)"/.exec(attributes)?.[1],
  viewBox: /\bviewBox="([^"]*)"/.exec(attributes)?.[1],
}));
const ids = Object.keys(SPRITE_ICONS) as SpriteIconId[];

describe('icons.svg and SPRITE_ICONS', () => {
  it('is an SVG file the build serves under its own name', () => {
    expect(SPRITE_URL).toMatch(/\/icons(-[\w-]+)?\.svg$/);
    expect(sprite.trimStart()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('has a symbol, with the same viewBox, for every id of the list', () => {
    for (const id of ids) {
      expect(
        symbols.find((symbol) => symbol.id === id),
        `<symbol id="${id}"> in icons.svg`,
      ).toEqual({ id, viewBox: SPRITE_ICONS[id] });
    }
  });

  it('has no symbol outside the list, and no id twice', () => {
    expect(symbols.map((symbol) => symbol.id).sort()).toEqual([...ids].sort());
  });

  it('paints with currentColor only, so the icons follow the text colour in both themes', () => {
    const paints = [...sprite.matchAll(/\b(?:fill|stroke)="([^"]*)"/g)].map(([, value]) => value);
    expect(paints.length).toBeGreaterThan(0);
    expect(paints.filter((value) => value !== 'currentColor' && value !== 'none')).toEqual([]);
    expect(sprite).not.toMatch(/<style|style=|class=/);
  });
});

describe('SpriteIcon', () => {
  it('points a hidden, viewBox-sized svg at its symbol', () => {
    expect(renderToStaticMarkup(<SpriteIcon id="external-mark" className="size-3" />)).toBe(
      `<svg viewBox="0 0 12 12" aria-hidden="true" focusable="false" class="size-3"><use href="${SPRITE_URL}#external-mark"></use></svg>`,
    );
  });
});
