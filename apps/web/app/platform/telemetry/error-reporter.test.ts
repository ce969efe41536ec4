import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildEnvelope, createErrorReporter, parseStack, type EnvelopeContext } from './error-reporter';

describe('parseStack', () => {
  it('reads V8 frames, oldest first', () => {
    const stack = [
      'TypeError: x is undefined',
      '    at readPayout (https://pool.example/assets/miner-abc.js:10:5)',
      '    at https://pool.example/assets/entry.js:2:30',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { filename: 'https://pool.example/assets/entry.js', lineno: 2, colno: 30, in_app: true },
      { function: 'readPayout', filename: 'https://pool.example/assets/miner-abc.js', lineno: 10, colno: 5, in_app: true },
    ]);
  });

  it('reads Firefox and Safari frames', () => {
    expect(parseStack('readPayout@https://pool.example/a.js:3:4\n@https://pool.example/b.js:1:1')).toEqual([
      { filename: 'https://pool.example/b.js', lineno: 1, colno: 1, in_app: true },
      { function: 'readPayout', filename: 'https://pool.example/a.js', lineno: 3, colno: 4, in_app: true },
    ]);
  });

  it('has no frames without a stack', () => {
    expect(parseStack(undefined)).toEqual([]);
    expect(parseStack('just words')).toEqual([]);
  });
});

describe('buildEnvelope', () => {
  const context: EnvelopeContext = {
    dsn: 'https://abc@errors.example/42',
    eventId: '0123456789abcdef0123456789abcdef',
    now: new Date('2026-11-21T12:00:00.500Z'),
    mechanism: 'onerror',
    url: 'https://pool.example/btc',
    userAgent: 'TestBrowser/1',
  };

  function lines(envelope: string) {
    return envelope.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('is an envelope header, an item header and the event, one JSON per line', () => {
    const error = new TypeError('x is undefined');
    error.stack = 'TypeError: x is undefined\n    at f (https://pool.example/a.js:1:2)';
    const [header, item, event, ...rest] = lines(buildEnvelope(error, context));
    expect(rest).toEqual([]);
    expect(header).toEqual({ event_id: context.eventId, sent_at: '2026-11-21T12:00:00.500Z', dsn: context.dsn });
    expect(item).toEqual({ type: 'event' });
    expect(event).toEqual({
      event_id: context.eventId,
      timestamp: 1795262400.5,
      platform: 'javascript',
      level: 'error',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'x is undefined',
            mechanism: { type: 'onerror', handled: false },
            stacktrace: { frames: [{ function: 'f', filename: 'https://pool.example/a.js', lineno: 1, colno: 2, in_app: true }] },
          },
        ],
      },
      request: { url: 'https://pool.example/btc', headers: { 'User-Agent': 'TestBrowser/1' } },
    });
  });

  it('describes a rejection with a plain value and a route error response', () => {
    const [, , fromString] = lines(buildEnvelope('chunk failed', { ...context, mechanism: 'onunhandledrejection' }));
    expect(fromString).toMatchObject({ exception: { values: [{ type: 'Error', value: 'chunk failed' }] } });
    const [, , fromObject] = lines(buildEnvelope({ code: 7 }, context));
    expect(fromObject).toMatchObject({ exception: { values: [{ type: 'NonError', value: '{"code":7}' }] } });
    const [, , fromRoute] = lines(buildEnvelope(new ErrorResponse(502, 'Bad Gateway', null), { ...context, mechanism: 'route' }));
    expect(fromRoute).toMatchObject({
      exception: {
        values: [{ type: 'RouteErrorResponse', value: '502 Bad Gateway', mechanism: { type: 'route', handled: true } }],
      },
    });
  });

  it('survives an object that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const [, , event] = lines(buildEnvelope(cyclic, context));
    expect(event).toMatchObject({ exception: { values: [{ type: 'NonError', value: '[object Object]' }] } });
  });
});

describe('createErrorReporter', () => {
  function setup(limit?: number) {
    const sent: { url: string; body: string }[] = [];
    const reporter = createErrorReporter({
      dsn: 'https://abc@errors.example/42',
      send: (url, body) => sent.push({ url, body }),
      eventId: () => 'f'.repeat(32),
      now: () => new Date(0),
      limit,
    });
    return { reporter: reporter!, sent };
  }

  it('posts to the envelope endpoint of the DSN', () => {
    const { reporter, sent } = setup();
    expect(reporter.report(new Error('boom'))).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://errors.example/api/42/envelope/?sentry_key=abc&sentry_version=7');
    expect(sent[0]?.body).toContain('"value":"boom"');
  });

  it('is off for a DSN it cannot read', () => {
    expect(createErrorReporter({ dsn: 'nonsense', send: () => {} })).toBeNull();
  });

  it('does not report expected 4xx route responses', () => {
    const { reporter, sent } = setup();
    expect(reporter.report(new ErrorResponse(404, 'Not Found', null), 'route')).toBe(false);
    expect(reporter.report(new ErrorResponse(500, 'Server Error', null), 'route')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('reports the same error object once, and stops at the limit', () => {
    const { reporter, sent } = setup(2);
    const error = new Error('once');
    reporter.report(error);
    reporter.report(error);
    reporter.report(new Error('two'));
    reporter.report(new Error('three'));
    expect(sent.map((s) => JSON.parse(s.body.split('\n')[2]!).exception.values[0].value)).toEqual(['once', 'two']);
  });
});
