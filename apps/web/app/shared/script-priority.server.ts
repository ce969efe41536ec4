/**
 * The page's scripts load after what it shows (issue 25 item 10). React Router writes a
 * `<link rel="modulepreload">` for every chunk of the page, which Chromium fetches at High
 * priority, the priority of a render-blocking script: on a slow phone network they shared the
 * bandwidth with the style sheet the first paint waits for, and Lighthouse counts every such
 * script as possibly blocking the first and the largest paint (on /about they pushed both from
 * about 1.2 s to 2.0-2.7 s). The server-rendered page needs no script to show, so the preloads
 * ask for low priority (`fetchpriority="low"`): the style sheet and the page's figures first, the
 * code that makes it interactive right after.
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/** Rewrites the page as it streams, holding back only an end that may be the start of a tag. */
export function lowPriorityPreloads(): Transform {
  let tail = '';
  // React writes bytes: a Persian or Chinese character can be cut between two chunks, so the
  // decoder holds an incomplete character back instead of turning it into U+FFFD.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = tail + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      let keep = 0;
      for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length -= 1) {
        if (text.endsWith(PRELOAD.slice(0, length))) {
          keep = length;
          break;
        }
      }
      tail = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW));
    },
    flush(callback) {
      callback(null, tail + decoder.end());
    },
  });
}
