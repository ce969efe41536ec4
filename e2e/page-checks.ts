import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { amountDecimals, AUX_TICKERS, COIN_TICKERS } from '@openpool/domain/coins';

/**
 * What a page must never show, read in the real browser (decisions 002 and 020): text cut by the
 * page's edge or a box that clips it without saying so, text under the floating Telegram
 * button, figures in the wrong format or not isolated in right-to-left text, and chart labels
 * drawn over each other. Each check returns what it found, so a failure names the text.
 */

export interface Finding {
  text: string;
  problem: string;
}

/** Text cut without a cue, and boxes that scroll sideways without one (a fade or a shadow). */
export function cutsIn(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const cuts: Finding[] = [];
    const width = document.documentElement.clientWidth;
    const scrollsWithCue = (element: Element): boolean => {
      const style = getComputedStyle(element);
      return style.maskImage !== 'none' || style.backgroundImage !== 'none';
    };
    const scroller = (element: Element | null): Element | null => {
      for (let box = element; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (/auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1) return box;
      }
      return null;
    };
    const hiddenForScreenReaders = (element: Element) => {
      for (let box: Element | null = element; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)' || style.display === 'none') return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1) {
      cuts.push({ text: document.documentElement.scrollWidth.toString(), problem: 'the page scrolls sideways' });
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = (node as Text).data.trim();
      if (!element || !text || element.closest('script, style, noscript, [hidden]') || hiddenForScreenReaders(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = scroller(element);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue;
        // A box that scrolls may hold text beyond the page's edge, if it shows that it scrolls.
        if (box) {
          if (!scrollsWithCue(box))
            cuts.push({
              text,
              problem: `in a box that scrolls without a cue <${box.tagName.toLowerCase()} class="${box.className}">`,
            });
          break;
        }
        if (rect.right > width + 1 || rect.left < -1) {
          cuts.push({ text, problem: `beyond the page's edge (${Math.round(rect.left)}..${Math.round(rect.right)})` });
          break;
        }
        // Cut by a box that clips: only with an ellipsis and the whole text as its title.
        for (let clip: Element | null = element; clip && clip !== document.body; clip = clip.parentElement) {
          const style = getComputedStyle(clip);
          if (style.overflowX === 'visible') continue;
          const outer = clip.getBoundingClientRect();
          if (rect.right > outer.right + 1 || rect.left < outer.left - 1) {
            const explained = style.textOverflow === 'ellipsis' && clip.closest('[title]') !== null;
            if (!explained)
              cuts.push({ text, problem: `cut by its box <${clip.tagName.toLowerCase()} class="${clip.className}">` });
          }
          break;
        }
      }
    }
    return cuts;
  });
}

/**
 * The page's text under the Telegram button. Where it floats (fixed, wide screens), at every
 * scroll position; where it sits after the content, once: only what floats over the flow (the
 * sticky header) may pass over it there.
 */
export async function coveredByTheButton(page: Page): Promise<string[]> {
  const button = page.getByTestId('telegram-button');
  if ((await button.count()) === 0) return [];
  const floats = await button.evaluate((element) => getComputedStyle(element).position === 'fixed');
  const covered = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!.height;
  const positions = floats
    ? Array.from({ length: Math.ceil(height / (viewport * 0.8)) + 1 }, (_, n) => n * Math.floor(viewport * 0.8))
    : [0];
  for (const y of positions) {
    if (floats) await page.evaluate((top) => window.scrollTo(0, top), y);
    const found = await page.evaluate((floating) => {
      const button = document.querySelector('[data-testid="telegram-button"]')!;
      const own = button.getBoundingClientRect();
      const floatsOver = (element: Element) => {
        for (let box: Element | null = element; box; box = box.parentElement)
          if (/fixed|sticky/.test(getComputedStyle(box).position)) return true;
        return false;
      };
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || button.contains(node) || !(node as Text).data.trim()) continue;
        if (getComputedStyle(parent).visibility === 'hidden' || (!floating && floatsOver(parent))) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && rect.left < own.right && rect.right > own.left && rect.top < own.bottom && rect.bottom > own.top)
            texts.push((node as Text).data.trim());
        }
      }
      return texts;
    }, floats);
    for (const text of found) covered.add(text);
  }
  if (floats) await page.evaluate(() => window.scrollTo(0, 0));
  return [...covered];
}

const catalogue = (code: string) =>
  Object.values(
    JSON.parse(readFileSync(new URL(`../apps/web/app/locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>,
  );
/** Texts the catalogues write with a digit of their own ('24 ساعت'): words, not figures. */
const LABELS = [...catalogue('en'), ...catalogue('fa')];
const TICKERS = [...COIN_TICKERS, ...AUX_TICKERS].map((ticker) => ticker.toUpperCase());
const DECIMALS = Object.fromEntries(TICKERS.map((ticker) => [ticker, amountDecimals(ticker.toLowerCase())]));

/**
 * Figures against the spec (section 9, decision 002's addendum): every amount with its coin's
 * decimals and thousands grouped by a narrow no-break space, no comma or plain space grouping,
 * no Persian digit; in right-to-left pages every figure in an isolate (a computed
 * `unicode-bidi` of isolate, as `<bdi>` and `dir` give, or a first-strong isolate in a
 * sentence). Article prose is an author's text: there a figure needs an isolate where the
 * bidirectional algorithm would move it, a number beside Latin letters or a percent sign.
 */
export function figuresIn(page: Page, rtl: boolean): Promise<Finding[]> {
  return page.evaluate(
    ({ tickers, decimals, labels, rtl }) => {
      const found: Finding[] = [];
      const labelSet = new Set(labels);
      const amount = new RegExp(`(-?[\\d\\u202F.,]*\\d)\\u2069?[\\u00A0 ](${tickers.join('|')})(?![A-Za-z])`, 'g');
      const figureWord = /(?:^|\s|\()[-+−$€£₽¥]?\d/;
      const movable = /\d[\d\u202F.,]*[\u00A0\u202F ]?(?:%|[A-Za-z])/;
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"] svg')) continue;
        const text = (node as Text).data;
        const trimmed = text.trim();
        if (/\d[, ]\d{3}(?!\d)/.test(text)) found.push({ text, problem: 'grouped by a comma or a plain space' });
        if (/[\u06F0-\u06F9\u0660-\u0669]/.test(text)) found.push({ text, problem: 'a Persian or Arabic digit' });
        for (const [, figure = '', ticker = ''] of text.matchAll(amount)) {
          const places = decimals[ticker] ?? 6;
          const shape = new RegExp(`^-?\\d{1,3}(?:\\u202F\\d{3})*${places > 0 ? `\\.\\d{${places}}` : ''}$`);
          if (!shape.test(figure)) found.push({ text, problem: `${ticker} without ${places} decimals and the spec's grouping` });
        }
        if (!rtl || !figureWord.test(trimmed) || labelSet.has(trimmed) || /[\u2066-\u2068]/.test(text)) continue;
        if (parent.closest('.article-body') && !movable.test(trimmed)) continue;
        let isolated = false;
        for (let element: Element | null = parent; element && element !== document.body; element = element.parentElement) {
          if (/^(isolate|isolate-override|plaintext)$/.test(getComputedStyle(element).unicodeBidi)) isolated = true;
        }
        if (!isolated) found.push({ text: trimmed, problem: 'a figure not isolated in right-to-left text' });
      }
      // An isolated figure is neutral to the text around it: after a Latin label ('SOLO 1.5%')
      // at the end of a right-to-left line it would move away from its label, unless the pair
      // is isolated as one. So a figure right after a Latin word stands right after it.
      if (rtl) {
        for (const figure of (document.querySelector('main') ?? document.body).querySelectorAll('bdi[dir="ltr"]')) {
          // The text before it, which React may have written as several text nodes.
          const before: Text[] = [];
          for (let node = figure.previousSibling; node && node.nodeType !== Node.ELEMENT_NODE; node = node.previousSibling)
            if (node.nodeType === Node.TEXT_NODE) before.unshift(node as Text);
          const label = before.map((node) => node.data).join('');
          const word = before.filter((node) => node.data.trim()).at(-1);
          if (!word || !/[A-Za-z+)]\s$/.test(label)) continue;
          const range = document.createRange();
          range.selectNodeContents(word);
          const end = [...range.getClientRects()].filter((rect) => rect.width > 0).at(-1);
          const start = [...figure.getClientRects()][0];
          if (!end || !start || Math.abs(end.top - start.top) > 2) continue;
          if (Math.abs(start.left - end.right) > 12)
            found.push({ text: `${label}${figure.textContent}`, problem: 'a figure drawn away from its label' });
        }
      }
      return found;
    },
    { tickers: TICKERS, decimals: DECIMALS, labels: LABELS, rtl },
  );
}

/**
 * Records what every canvas draws as text: uPlot draws its axis labels with fillText. Installed
 * before the page's scripts; a full clear of a canvas (a redraw) forgets its earlier labels.
 */
export async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Drawn = { text: string; left: number; right: number; y: number; height: number };
    const drawn = new WeakMap<HTMLCanvasElement, Drawn[]>();
    (window as unknown as { __canvasText: (canvas: HTMLCanvasElement) => Drawn[] }).__canvasText = (canvas) =>
      drawn.get(canvas) ?? [];
    const proto = CanvasRenderingContext2D.prototype;
    const { fillText, clearRect } = proto;
    proto.clearRect = function (x, y, w, h) {
      if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height) drawn.set(this.canvas, []);
      return clearRect.call(this, x, y, w, h);
    };
    proto.fillText = function (text, x, y, maxWidth) {
      const m = this.getTransform();
      // Labels drawn turned (an axis title) are not the tick labels this is about.
      if (m.b === 0 && m.c === 0) {
        const metrics = this.measureText(text);
        const width = metrics.width * m.a;
        const at = m.a * x + m.e;
        const align = this.textAlign;
        const left = align === 'center' ? at - width / 2 : align === 'right' || align === 'end' ? at - width : at;
        const list = drawn.get(this.canvas) ?? [];
        list.push({
          text: String(text),
          left,
          right: left + width,
          y: m.d * y + m.f,
          height: (metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent) * m.d,
        });
        drawn.set(this.canvas, list);
      }
      return fillText.call(this, text, x, y, maxWidth);
    };
  });
}

/** Chart labels that overlap another or leave their canvas (needs recordCanvasText). */
export function chartLabelProblems(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const found: Finding[] = [];
    const read = (
      window as unknown as {
        __canvasText?: (
          canvas: HTMLCanvasElement,
        ) => Array<{ text: string; left: number; right: number; y: number; height: number }>;
      }
    ).__canvasText;
    if (!read) return [{ text: '', problem: 'canvas text is not recorded' }];
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="chart"] canvas')) {
      const labels = read(canvas).filter((label) => label.text.trim());
      if (labels.length === 0)
        found.push({ text: canvas.closest('figure')?.textContent ?? '', problem: 'a chart without labels' });
      for (const label of labels) {
        if (label.left < -0.5 || label.right > canvas.width + 0.5) found.push({ text: label.text, problem: 'leaves the chart' });
      }
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) {
          const sameLine = Math.abs(a.y - b.y) < Math.max(a.height, b.height);
          if (sameLine && a.left < b.right - 0.5 && b.left < a.right - 0.5)
            found.push({ text: `${a.text} / ${b.text}`, problem: 'labels overlap' });
        }
      }
    }
    return found;
  });
}
