// @vitest-environment happy-dom
/**
 * Islands (decision 037): the server renders the part whole; hydration keeps that HTML without
 * downloading the part; the part goes live when it comes near the screen, is reached into, or
 * gets new props, keeping what the visitor typed and where the focus was.
 */
import { act, useState } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider, useT } from '~/i18n/use-t';
import { island } from './island';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const [text, setText] = useState('');
  return (
    <section>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {label} {count}
      </button>
      <input aria-label="filter" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{text}</output>
    </section>
  );
}
type Props = { label: string };
const module = { default: Counter };

function deferred() {
  let resolve!: (value: typeof module) => void;
  const promise = new Promise<typeof module>((r) => (resolve = r));
  return { promise, resolve };
}

/** A stand-in for the browser's observer: the test says when the part comes near the screen. */
const observed: Array<{ callback: IntersectionObserverCallback; element: Element }> = [];
class FakeObserver {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(element: Element) {
    observed.push({ callback: this.callback, element });
  }
  disconnect() {}
}
function comeIntoView() {
  for (const { callback, element } of observed)
    callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
}

const page = (Part: React.ComponentType<Props>, label = 'rigs') => (
  <MemoryRouter>
    <main>
      <h1>Stats</h1>
      <Part label={label} />
    </main>
  </MemoryRouter>
);

/** The server's HTML of the page, from an island whose part is loaded (as on the server). */
async function serverHtml(label = 'rigs') {
  const server = island<Props>('counter', () => Promise.resolve(module));
  await server.preload();
  return renderToString(page(server, label));
}

let container: HTMLDivElement;
let root: Root | undefined;
beforeEach(() => {
  observed.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

async function hydrate(Part: React.ComponentType<Props>, label = 'rigs') {
  container.innerHTML = await serverHtml(label);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page(Part, label), { onRecoverableError: (error) => errors.push(error) });
  });
  return errors;
}

describe('island', () => {
  it('renders the part whole on the server, in a marked element', async () => {
    const html = await serverHtml();
    expect(html.replaceAll('<!-- -->', '')).toMatch(
      /<div data-island="[^"]+" data-island-part="counter"><section><button type="button">rigs 0<\/button>/,
    );
  });

  it('keeps the server HTML through hydration without downloading the part', async () => {
    const load = vi.fn(() => deferred().promise);
    const before = await serverHtml();
    const errors = await hydrate(island<Props>('counter', load));
    expect(errors).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    const parsed = document.createElement('div');
    parsed.innerHTML = before;
    expect(container.innerHTML).toBe(parsed.innerHTML);
    expect(container.querySelector('[data-island-live]')).toBeNull();
    // Not live: a click changes nothing.
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('button')!.textContent).toBe('rigs 0');
  });

  it('goes live when it comes near the screen, in place and with the same markup', async () => {
    const chunk = deferred();
    const load = vi.fn(() => chunk.promise);
    const before = await serverHtml();
    await hydrate(island<Props>('counter', load));
    act(() => comeIntoView());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => chunk.resolve(module));
    const markup = (html: string) => html.replaceAll('<!-- -->', '');
    expect(markup(container.querySelector('[data-island-part]')!.innerHTML)).toBe(
      markup(new DOMParser().parseFromString(before, 'text/html').querySelector('[data-island-part]')!.innerHTML),
    );
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('button')!.textContent).toBe('rigs 1');
    expect(container.querySelector('[data-island-part]')!.hasAttribute('data-island-live')).toBe(true);
  });

  it('gives a click on the kept HTML to the live control once it is in', async () => {
    const chunk = deferred();
    await hydrate(island<Props>('counter', () => chunk.promise));
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => container.querySelector('button')!.dispatchEvent(clicked));
    expect(clicked.defaultPrevented).toBe(true);
    await act(async () => chunk.resolve(module));
    expect(container.querySelector('button')!.textContent).toBe('rigs 1');
  });

  it('keeps what was typed and the focus when the part goes live', async () => {
    const chunk = deferred();
    await hydrate(island<Props>('counter', () => chunk.promise));
    const kept = container.querySelector('input')!;
    kept.focus();
    kept.value = 'rig-07';
    // Reaching into the part starts the download (a tap, a tab into it).
    kept.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await act(async () => chunk.resolve(module));
    const live = container.querySelector('input')!;
    expect(live).not.toBe(kept);
    expect(live.value).toBe('rig-07');
    expect(document.activeElement).toBe(live);
    // The live field's own state took the value: what depends on it shows it.
    expect(container.querySelector('output')!.textContent).toBe('rig-07');
  });

  it('keeps a focus and text that land while the live part renders, after the swap was decided', async () => {
    // A rig's search typed right after hydration: the focus and the text reach the kept field
    // while React renders the live part in a transition. The kept field still shows then; what is
    // in it at the commit is what the live field must take.
    let landed = false;
    function LateTyping(props: Props) {
      const kept = container.querySelector('input');
      if (!landed && kept) {
        // On purpose a side effect in render: it stands for a focus and keystroke landing then.
        // eslint-disable-next-line react-hooks/globals
        landed = true;
        kept.focus();
        kept.value = 'rig229';
      }
      return <Counter {...props} />;
    }
    const chunk = deferred();
    await hydrate(island<Props>('counter', () => chunk.promise.then(() => ({ default: LateTyping }))));
    act(() => comeIntoView());
    await act(async () => chunk.resolve(module));
    expect(landed).toBe(true);
    const live = container.querySelector('input')!;
    expect(live.value).toBe('rig229');
    expect(document.activeElement).toBe(live);
    expect(container.querySelector('output')!.textContent).toBe('rig229');
  });

  it('downloads the part at once when its props change, showing the kept HTML until it is in', async () => {
    const chunk = deferred();
    const load = vi.fn(() => chunk.promise);
    const Part = island<Props>('counter', load);
    await hydrate(Part);
    await act(async () => root!.render(page(Part, 'workers')));
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('button')!.textContent).toBe('rigs 0');
    await act(async () => chunk.resolve(module));
    expect(container.querySelector('button')!.textContent).toBe('workers 0');
  });

  it('renders after its download when mounted in the browser without server HTML', async () => {
    const chunk = deferred();
    const Part = island<Props>('counter', () => chunk.promise);
    await act(async () => {
      root = createRoot(container);
      root.render(page(Part));
    });
    expect(container.querySelector('button')).toBeNull();
    await act(async () => chunk.resolve(module));
    expect(container.querySelector('button')!.textContent).toBe('rigs 0');
  });

  it('keeps the server HTML when the download fails, and tries again on the next approach', async () => {
    let attempt = 0;
    const load = vi.fn(() =>
      attempt++ === 0 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(module),
    );
    const Part = island<Props>('counter', load);
    await hydrate(Part);
    await act(async () => comeIntoView());
    expect(container.querySelector('button')!.textContent).toBe('rigs 0');
    await act(async () => comeIntoView());
    expect(load).toHaveBeenCalledTimes(2);
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('button')!.textContent).toBe('rigs 1');
  });

  it("loads its catalogue parts with its code, in the page's language", async () => {
    function Waiting() {
      const t = useT();
      return <p>{t('connTest.start')}</p>;
    }
    const i18n = await loadCatalogue('en', ['site']);
    const chunk = deferred();
    const Part = island<object>('waiting', () => chunk.promise as never, { parts: ['extra'] });
    await act(async () => {
      root = createRoot(container);
      root.render(
        <I18nProvider i18n={i18n}>
          <MemoryRouter>
            <Part />
          </MemoryRouter>
        </I18nProvider>,
      );
    });
    await act(async () => chunk.resolve({ default: Waiting } as never));
    // The code is in; the part renders once the words are too, never with a message id.
    expect(container.querySelector('p')?.textContent ?? '').not.toBe('connTest.start');
    await act(async () => void (await loadCatalogue('en', ['extra'])));
    const english = (await import('~/locales/en.json')).default as Record<string, string>;
    expect(container.querySelector('p')!.textContent).toBe(english['connTest.start']);
  });
});
