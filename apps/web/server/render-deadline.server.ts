/**
 * A render still streaming after its deadline is aborted (React then writes what it has, with
 * the pending boundaries as errors). The timer must end with the response: it holds `abort`,
 * and through it the whole render (its tree, its loader data serialised), which otherwise
 * stayed in memory for the full deadline after every page, about a thousand renders' worth
 * under load (decision 015, memory under 300 MB).
 */
import { PassThrough } from 'node:stream';

export interface RenderDeadline {
  /** The stream React writes the page into; the deadline ends when the page is written. */
  body(): PassThrough;
  /** No page will be written (the shell failed): the deadline ends now. */
  cancel(): void;
}

export function renderDeadline(abort: () => void, ms: number): RenderDeadline {
  const timer = setTimeout(abort, ms);
  const cancel = () => clearTimeout(timer);
  return {
    body: () =>
      new PassThrough({
        final(callback) {
          cancel();
          callback();
        },
      }),
    cancel,
  };
}
