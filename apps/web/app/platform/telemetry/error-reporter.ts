/**
 * A tiny Sentry-compatible error reporter (decision 005): no SDK, just the
 * envelope endpoint a Sentry DSN names. Off unless `integrations.error_reporter.dsn` is set.
 * Expected failures (4xx route responses) are not errors and are never sent (style.md, Errors).
 */
import { isRouteErrorResponse } from 'react-router';
import { parseDsn } from './sentry-dsn';
import { readSiteSettings } from '~/platform/site-settings';

export type Mechanism = 'onerror' | 'onunhandledrejection' | 'route' | 'generic';

interface StackFrame {
  function?: string;
  filename: string;
  lineno: number;
  colno: number;
  in_app: boolean;
}

const MAX_FRAMES = 50;
const MAX_TEXT = 1000;

// `    at fn (https://x/a.js:1:2)`, `    at https://x/a.js:1:2` (V8) and `fn@https://x/a.js:1:2` (Firefox, Safari).
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** Frames oldest first, as Sentry expects; lines that are not frames are skipped. */
export function parseStack(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, fn, filename = '', lineno = '0', colno = '0'] = match;
    frames.push({
      ...(fn ? { function: fn } : {}),
      filename,
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: !filename.includes('/node_modules/'),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

function describe(error: unknown): { type: string; value: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    return { type: 'RouteErrorResponse', value: `${error.status} ${error.statusText}`.trim() };
  }
  if (error instanceof Error) return { type: error.name || 'Error', value: error.message, stack: error.stack };
  if (typeof error === 'string') return { type: 'Error', value: error };
  let value: string;
  try {
    value = JSON.stringify(error) ?? String(error);
  } catch {
    value = String(error);
  }
  return { type: 'NonError', value };
}

export interface EnvelopeContext {
  dsn: string;
  eventId: string;
  now: Date;
  mechanism: Mechanism;
  url?: string;
  userAgent?: string;
}

/** The three newline-separated JSON lines of a Sentry envelope holding one error event. */
export function buildEnvelope(error: unknown, context: EnvelopeContext): string {
  const { type, value, stack } = describe(error);
  const frames = parseStack(stack);
  const event = {
    event_id: context.eventId,
    timestamp: context.now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    exception: {
      values: [
        {
          type: type.slice(0, MAX_TEXT),
          value: value.slice(0, MAX_TEXT),
          mechanism: { type: context.mechanism, handled: context.mechanism === 'generic' || context.mechanism === 'route' },
          ...(frames.length ? { stacktrace: { frames } } : {}),
        },
      ],
    },
    ...(context.url
      ? { request: { url: context.url, headers: context.userAgent ? { 'User-Agent': context.userAgent } : {} } }
      : {}),
  };
  const header = { event_id: context.eventId, sent_at: context.now.toISOString(), dsn: context.dsn };
  return [JSON.stringify(header), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** Whether an error is worth a report: route responses below 500 are expected answers. */
export function isReportable(error: unknown): boolean {
  return !(isRouteErrorResponse(error) && error.status < 500);
}

export interface ReporterOptions {
  dsn: string;
  send: (url: string, body: string) => void;
  now?: () => Date;
  eventId?: () => string;
  page?: () => { url?: string; userAgent?: string };
  /** At most this many reports per page load, so a render loop cannot flood the service. */
  limit?: number;
}

export interface ErrorReporter {
  report(error: unknown, mechanism?: Mechanism): boolean;
}

function randomEventId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function createErrorReporter(options: ReporterOptions): ErrorReporter | null {
  const dsn = parseDsn(options.dsn);
  if (!dsn) return null;
  const seen = new WeakSet<object>();
  let remaining = options.limit ?? 20;
  return {
    report(error, mechanism = 'generic') {
      if (!isReportable(error) || remaining <= 0) return false;
      if (typeof error === 'object' && error !== null) {
        // The same error object reaches us more than once: a boundary rendering twice, a rethrow.
        if (seen.has(error)) return false;
        seen.add(error);
      }
      remaining -= 1;
      const body = buildEnvelope(error, {
        dsn: options.dsn,
        eventId: (options.eventId ?? randomEventId)(),
        now: (options.now ?? (() => new Date()))(),
        mechanism,
        ...options.page?.(),
      });
      options.send(dsn.envelopeUrl, body);
      return true;
    },
  };
}

// --- The browser's one reporter ------------------------------------------------------------

/** One reporter per page load and DSN, so its de-duplication and limit hold across frames. */
let active: { dsn: string | undefined; reporter: ErrorReporter | null } | undefined;

function browserReporter(dsn: string | undefined): ErrorReporter | null {
  if (active && active.dsn === dsn) return active.reporter;
  const reporter = dsn
    ? createErrorReporter({
        dsn,
        // A text/plain body keeps it a simple request (no CORS preflight); keepalive lets it outlive the page.
        send: (url, body) => void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {}),
        page: () => ({ url: window.location.href, userAgent: navigator.userAgent }),
      })
    : null;
  active = { dsn, reporter };
  return reporter;
}

/**
 * Sends an error to the configured reporter; does nothing on the server or when no DSN is set.
 * Safe to call before `installErrorReporter` ran: the DSN is then read from the page's settings.
 */
export function reportError(error: unknown, mechanism: Mechanism = 'generic'): void {
  if (typeof window === 'undefined') return;
  const reporter = active ? active.reporter : browserReporter(readSiteSettings(document)?.integrations.error_reporter?.dsn);
  reporter?.report(error, mechanism);
}

/** Turns the reporter on for this DSN and listens to uncaught errors; returns the undo. */
export function installErrorReporter(dsn: string | undefined): () => void {
  if (!browserReporter(dsn)) return () => {};
  const onError = (event: ErrorEvent) => {
    // Cross-origin scripts report a bare 'Script error.' with nothing to act on.
    if (!event.error && event.message === 'Script error.') return;
    reportError(event.error ?? event.message, 'onerror');
  };
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, 'onunhandledrejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
