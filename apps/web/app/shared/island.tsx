/**
 * A part of a page whose code a first visit does not download until the part comes near the
 * screen (decision 037): the server renders it whole, the browser keeps that HTML as it is while
 * the rest of the page hydrates, and the part's chunk is loaded when it is about to be seen, when
 * the visitor reaches into it (pointer, keyboard focus), or when its data or language change.
 * The part then renders live in place of the kept HTML, in one commit, keeping the focused
 * element, what was typed and an open popover; the page neither moves nor flashes. A click on
 * one of its controls before that is held and given to the live control.
 *
 * Why not a lazy component in a Suspense boundary left dehydrated: React hydrates a dehydrated
 * boundary as soon as any context above it changes (the exchange rates arriving after
 * hydration, every minute's refresh), and holds that whole transition until the chunk is
 * there, so the rates would wait for a part nobody scrolled to.
 *
 * A part rendered by a client-side navigation (no server HTML) suspends until its chunk is in,
 * so the navigation's transition keeps the previous page on screen meanwhile.
 */
import {
  Component,
  createElement,
  startTransition,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import type { LocaleCode } from '@openpool/domain/locales';
import { loadCatalogue } from '~/i18n/catalogues';
import type { MessagePart } from '~/i18n/message-parts';
import { useLocale } from '~/i18n/use-locale';
import { preloadableLazy } from '~/platform/preloadable-lazy';

/** How far below the screen a part starts loading: about half a phone's screen. */
export const ISLAND_MARGIN = '400px';

type Module<P> = { default: ComponentType<P> };

/** Every island's download on the server, for `preloadIslands`. */
const serverLoads: Array<() => Promise<unknown>> = [];

/**
 * Server only: loads the code of every island the app has declared, so that every render has
 * them at once (the server's start-up, like the catalogues; a test rendering to a string).
 */
export async function preloadIslands(): Promise<void> {
  await Promise.all(serverLoads.map((load) => load()));
}

/** What the visitor had in the kept HTML, carried over to the live part (same markup, same order). */
interface CarriedState {
  focus: number;
  selection: [number, number] | null;
  values: Array<[number, string, boolean]>;
  popovers: number[];
}

const FIELDS = 'input, textarea, select';
/** Controls whose click does something (typing into a field is carried over instead). */
const CLICKABLE = 'a[href], button, summary, label, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]';

function carriedState(root: HTMLElement): CarriedState {
  const all = [...root.querySelectorAll('*')];
  const active = document.activeElement;
  const focus = active instanceof HTMLElement ? all.indexOf(active) : -1;
  const selection = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? safeSelection(active) : null;
  const values: CarriedState['values'] = [];
  all.forEach((element, index) => {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      if (element.checked !== element.defaultChecked) values.push([index, element.value, element.checked]);
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) values.push([index, element.value, false]);
    } else if (element instanceof HTMLSelectElement) {
      values.push([index, element.value, false]);
    }
  });
  const popovers = all.flatMap((element, index) => (isOpenPopover(element) ? [index] : []));
  return { focus, selection, values, popovers };
}

function safeSelection(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null ? null : [field.selectionStart, field.selectionEnd];
  } catch {
    return null; // Input types without a selection (number, email in some engines) throw.
  }
}

function isOpenPopover(element: Element): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false; // An engine without popovers.
  }
}

function restoreState(root: HTMLElement, state: CarriedState): void {
  const all = [...root.querySelectorAll('*')];
  for (const [index, value, checked] of state.values) {
    const element = all[index];
    if (!element || !element.matches(FIELDS)) continue;
    const field = element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== checked) field.click();
    } else if (field.value !== value) {
      // A native setter and an input event, so a controlled field's own handler takes the value.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
      setter?.call(field, value);
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    }
  }
  for (const index of state.popovers) {
    const element = all[index];
    if (element instanceof HTMLElement && !isOpenPopover(element)) element.showPopover?.();
  }
  const focused = all[state.focus];
  if (focused instanceof HTMLElement) {
    focused.focus({ preventScroll: true });
    if (state.selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
      try {
        focused.setSelectionRange(...state.selection);
      } catch {
        // A field type without a selection.
      }
    }
  }
}

/**
 * Reads what the visitor had in the kept HTML at the last moment it exists: React calls
 * `getSnapshotBeforeUpdate` in the commit that swaps in the live part, before it touches the DOM,
 * and no event can run between that and the swap. Read any earlier (when the swap is decided, while
 * the live part renders), a focus or a keystroke landing in between would be lost.
 */
class CarryOver extends Component<{
  live: boolean;
  box: RefObject<HTMLDivElement | null>;
  carried: RefObject<CarriedState | null>;
  children?: ReactNode;
}> {
  override getSnapshotBeforeUpdate(previous: Readonly<{ live: boolean }>): null {
    const element = this.props.box.current;
    if (!previous.live && this.props.live && element) this.props.carried.current = carriedState(element);
    return null;
  }

  override componentDidUpdate(): void {
    // Nothing to do: the live part restores in its layout effect. React calls the snapshot
    // without it too, but warns in development about a snapshot with no componentDidUpdate.
  }

  override render(): ReactNode {
    return this.props.children;
  }
}

function sameProps(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.is((a as never)[key], (b as never)[key]));
}

export interface IslandOptions {
  /** Classes of the element around the part (it is a block; a grid item carries its span here). */
  className?: string;
  /**
   * Catalogue parts only this part's words are in (message-parts.ts): loaded with its code, in
   * the page's language, instead of before the page hydrates.
   */
  parts?: readonly MessagePart[];
}

/**
 * One promise per key while it runs and once it has succeeded (React's `use` follows a promise
 * by identity), marked when fulfilled so that `use` takes it without suspending; forgotten when
 * it fails, so the next call tries again.
 */
function oncePer<K, T>(run: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const promises = new Map<K, Promise<T>>();
  return (key) => {
    const known = promises.get(key);
    if (known) return known;
    const promise: Promise<T> = run(key).then(
      (value) => {
        Object.assign(promise, { status: 'fulfilled', value });
        return value;
      },
      (error: unknown) => {
        promises.delete(key);
        throw error;
      },
    );
    promises.set(key, promise);
    return promise;
  };
}

/**
 * `island('workers', () => import('./workers-table').then((m) => ({ default: m.WorkersTable })))`:
 * a component with the part's props, rendered inside a `div` of its own.
 */
export function island<P extends object>(
  name: string,
  load: () => Promise<Module<P>>,
  { className, parts = [] }: IslandOptions = {},
): ComponentType<P> & { preload: () => Promise<Module<P>> } {
  // The words, per language. The server has every catalogue in memory from its start.
  const words = oncePer((locale: LocaleCode) => loadCatalogue(locale, parts));
  const wordsIn = (locale: LocaleCode): Promise<unknown> | null =>
    parts.length === 0 || typeof document === 'undefined' ? null : words(locale);
  const lazyPart = preloadableLazy(load);
  let loaded: ComponentType<P> | null = null;
  const code = oncePer(() =>
    lazyPart.preload().then((module) => {
      loaded = module.default;
      return module;
    }),
  );
  const start = (): Promise<Module<P>> => code(undefined);
  const startIn = (locale: LocaleCode) => Promise.all([start(), wordsIn(locale)]);
  // The server renders every part whole: its chunk is loaded with the server's first import,
  // and the server waits for all of them before its first page (`preloadIslands`).
  if (typeof document === 'undefined') {
    serverLoads.push(start);
    void start().catch(() => undefined);
  }

  function Live({ props, locale }: { props: P; locale: LocaleCode }) {
    // Suspends only when the chunk or the words are not in yet (a client-side navigation, the
    // server's first render): the transition or the server waits for them.
    const Part = use(start()).default;
    const loading = wordsIn(locale);
    if (loading) use(loading);
    return createElement(Part, props);
  }

  function Island(props: P) {
    const id = useId();
    const locale = useLocale().code;
    // The server's HTML of this part, when the page is hydrating and its chunk is not in yet.
    const [kept] = useState<string | null>(() => {
      if (typeof document === 'undefined' || loaded) return null;
      return document.querySelector(`[data-island="${CSS.escape(id)}"]`)?.innerHTML ?? null;
    });
    const [live, setLive] = useState(kept === null);
    const first = useRef({ props, locale });
    const box = useRef<HTMLDivElement>(null);
    const carried = useRef<CarriedState | null>(null);
    const heldClick = useRef(-1);

    // New data or another language while the kept HTML shows: it is out of date, so the part
    // loads now. Started during render: the update that changed them must not wait for a view.
    const stale = !live && (first.current.locale !== locale || !sameProps(first.current.props, props));
    if (stale) void startIn(locale).catch(() => undefined);

    useEffect(() => {
      if (live) return;
      const element = box.current;
      if (!element) return;
      let done = false;
      const swap = () => {
        if (done) return;
        done = true;
        startIn(locale).then(
          () =>
            startTransition(() => {
              setLive(true);
            }),
          // Offline or a removed build: the kept HTML stays, as readable as without script.
          () => {
            done = false;
          },
        );
      };
      if (stale) swap();
      const reach = () => swap();
      // A click on a control of the kept HTML (a sort header, "Show more", a link) would do
      // nothing or leave the page: it is held, and given to the same control once it is live.
      const click = (event: MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
        if (!target || !element.contains(target)) return;
        event.preventDefault();
        event.stopPropagation();
        heldClick.current = [...element.querySelectorAll('*')].indexOf(target);
        swap();
      };
      element.addEventListener('pointerdown', reach, { capture: true });
      element.addEventListener('focusin', reach, { capture: true });
      element.addEventListener('click', click, { capture: true });
      const observer =
        typeof IntersectionObserver === 'undefined'
          ? null
          : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && swap(), {
              rootMargin: `${ISLAND_MARGIN} 0px`,
            });
      if (observer) observer.observe(element);
      else swap();
      return () => {
        observer?.disconnect();
        element.removeEventListener('pointerdown', reach, { capture: true });
        element.removeEventListener('focusin', reach, { capture: true });
        element.removeEventListener('click', click, { capture: true });
      };
    }, [live, stale, locale]);

    useLayoutEffect(() => {
      if (!live || !box.current) return;
      // Says the part is live (its code in, its handlers on): for tests and for a look in devtools.
      box.current.dataset.islandLive = '';
      if (carried.current) restoreState(box.current, carried.current);
      carried.current = null;
      const held = heldClick.current;
      heldClick.current = -1;
      const target = held >= 0 ? box.current.querySelectorAll('*')[held] : undefined;
      if (target instanceof HTMLElement) target.click();
    }, [live]);

    if (!live && kept !== null) {
      // React keeps an element's inner HTML as given: the server's markup stays untouched.
      return createElement(
        CarryOver,
        { live, box, carried },
        createElement('div', {
          key: 'kept',
          ref: box,
          className,
          'data-island': id,
          'data-island-part': name,
          suppressHydrationWarning: true,
          dangerouslySetInnerHTML: { __html: kept },
        }),
      );
    }
    return createElement(
      CarryOver,
      { live, box, carried },
      createElement(
        'div',
        { key: 'live', ref: box, className, 'data-island': id, 'data-island-part': name },
        createElement(Live, { props, locale }),
      ),
    );
  }
  Island.displayName = `Island(${name})`;
  // For a prefetch ahead of need (and tests): loads the part's chunk.
  return Object.assign(Island, { preload: start });
}
