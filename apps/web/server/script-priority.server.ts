/**
 * The page's scripts load after what it shows. Two rewrites of the streamed
 * HTML, both for a phone on a slow network and a slow CPU:
 *
 * - React Router writes a `<link rel="modulepreload">` for every chunk of the page. On a slow
 *   phone network they shared the bandwidth with the style sheet the first paint waits for (on
 *   /about they pushed both paints from about 1.2 s to 2.0-2.7 s), even at low priority
 *   (`fetchpriority="low"`, tried first): Lighthouse counts every script downloaded before the
 *   largest paint into that paint. The server-rendered page needs no script to show, so the
 *   preloads are written inert (a link without rel) and made preloads after the first paint.
 * - The module script that imports the route modules and hydrates the page runs after the first
 *   paint too. Left as written, it ran as soon as its modules arrived, often before the browser
 *   had painted anything: the paint then waited for the module evaluation and React's hydration
 *   (on a busy CPU the home page's first paint came 1.5-2 s after its HTML was parsed). The
 *   script is held as inert text (`type="text/plain"`); a small inline script puts the preloads
 *   and then the script back after the first frame (requestAnimationFrame, then a task: the
 *   frame has been painted). The CSP's 'strict-dynamic' lets a nonced script add them. A tab
 *   opened in the background hydrates when it is first shown (no frames before that); its page
 *   reads and its links work without scripts. React does not hydrate these head links and skips
 *   the added script.
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const HELD_PRELOAD = '<link data-after-paint="modulepreload"';
/** React Router's hydration script: the page's only module script (`<Scripts />`). */
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">/g;
export const HELD = 'data-hydrate-after-paint';
const AFTER_PAINT =
  '(function(){function run(){var held=document.querySelector("script[' +
  HELD +
  ']");if(!held){document.addEventListener("DOMContentLoaded",run,{once:true});return}' +
  'document.querySelectorAll("link[data-after-paint]").forEach(function(link){' +
  'link.removeAttribute("data-after-paint");link.rel="modulepreload"});' +
  'held.removeAttribute("' +
  HELD +
  '");var module=document.createElement("script");module.type="module";module.nonce=held.nonce;' +
  'module.textContent=held.textContent;held.after(module)}' +
  'requestAnimationFrame(function(){setTimeout(run,0)})})()';

function rewrite(html: string): string {
  return html
    .replaceAll(PRELOAD, HELD_PRELOAD)
    .replace(
      MODULE_SCRIPT,
      (_tag, attributes: string) =>
        `<script${attributes}>${AFTER_PAINT}</script><script${attributes} type="text/plain" ${HELD}="">`,
    );
}

/** Rewrites the page as it streams, holding back only a tag that is not complete yet. */
export function lowPriorityPreloads(): Transform {
  let tail = '';
  // React writes bytes: a Persian or Chinese character can be cut between two chunks, so the
  // decoder holds an incomplete character back instead of turning it into U+FFFD.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = tail + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      // A '<' with no '>' after it may start a tag that the next chunk completes.
      const open = text.lastIndexOf('<');
      const keep = open >= 0 && text.indexOf('>', open) < 0 ? text.length - open : 0;
      tail = text.slice(text.length - keep);
      callback(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(callback) {
      callback(null, rewrite(tail + decoder.end()));
    },
  });
}
