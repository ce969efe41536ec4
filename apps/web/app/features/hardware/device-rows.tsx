/**
 * A device list's rows: one table, shown as a table on a desktop and as a card per device on a
 * phone (`.device-list` in app.css; each figure's cell carries its column's name for the card).
 * One markup instead of a table and a list of cards: a list of 200 GPUs was 90 KB of HTML
 * twice over (decision 010). A filter re-renders every row whose figures changed, so a row is
 * kept cheap (decision 010, "Filters that answer at once"): memoised on its row object (the
 * list's row cache), words translated once per table, and plain links that the table hands to
 * the router with one click handler instead of a router `Link` (and its hooks) per row.
 */
import { sitePaths } from '@openpool/domain/paths';
import { formatMoney } from '@openpool/domain/format';
import type { Device } from '@openpool/domain/hardware';
import { localizePath } from '@openpool/domain/locales';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { formatEfficiency, formatHashrate, formatPower } from './figures';
import type { ListedDevice } from './rank-devices';

export function deviceHref(device: Pick<Device, 'type' | 'vendor' | 'slug'>): string {
  return sitePaths.device(device);
}

interface RowsProps {
  rows: ListedDevice[];
  vendorName: ReadonlyMap<string, string>;
  currency: string;
  perUsd: number;
}

/** The words every row shows, translated once per table and locale. */
interface RowWords {
  locale: ReturnType<typeof useLocale>['code'];
  device: string;
  hashrate: string;
  power: string;
  efficiency: string;
  bestCoin: string;
  revenue: string;
  profit: string;
  price: string;
  payback: string;
  enterPrice: string;
  never: string;
  days: (n: number) => string;
}

/** A figure kept left to right (fa) and in one piece, as `~/shared/ltr` writes it, without a component per cell. */
const ltr = (text: string) => (
  <bdi dir="ltr" className="whitespace-nowrap">
    {text}
  </bdi>
);

function money(value: number | null | undefined, format: (amount: number) => string) {
  if (value === null || value === undefined) return <span className="text-ink-muted">–</span>;
  return (
    <bdi dir="ltr" className={value < 0 ? 'whitespace-nowrap text-red-700 dark:text-red-300' : 'whitespace-nowrap'}>
      {format(value)}
    </bdi>
  );
}

/** A click on a row's link: the router's navigation, unless the visitor asked for a new tab or window. */
function useRowLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a[data-row-link]');
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(anchor.getAttribute('href') ?? '/');
  };
}

/**
 * Rows drawn in the frame that answers a change: the first screen under the filters with room to
 * spare (6 rows show at 1440x900, 8 fill a viewport up to about 1030 px tall; a phone shows 4 cards
 * at most). Was 12; decision 010 has the figures.
 */
export const FIRST_ROWS = 8;

export function DeviceTable({ rows, vendorName, currency, perUsd }: RowsProps) {
  const t = useT();
  // A change (filter, power cost) draws the first screen of rows at once and the rest once that
  // frame is painted, as a transition a further change interrupts: laying out the whole list took
  // most of the frame (decision 010). Until then the rows past the first screen keep the previous
  // list's objects. They stay on screen, below the first screen, when the new list fills it (the
  // fixed column widths leave them as they were laid out: hiding and showing them again cost the
  // answering frame more than the new rows did, decision 036); only a shorter list hides them, so
  // no stale row sits under the new ones. The first render (server, hydration) draws every row.
  const [drawn, setDrawn] = useState(rows);
  const complete = drawn === rows;
  useEffect(() => {
    if (complete) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setDrawn(rows)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, complete]);
  // Of the first body's rows, how many stand on the screen or above it: the answering frame
  // draws those and no more (6 of the 8 at 1440x900, 1 or 2 cards on a phone under the filters);
  // the others keep the previous list's rows until the transition, like the rows past them.
  // Counted by an observer as the page scrolls, so the frame reads no layout.
  const firstBody = useRef<HTMLTableSectionElement>(null);
  const [onScreen, setOnScreen] = useState(FIRST_ROWS);
  // Two row groups (decision 036): the first screen, which a change redraws, and the rows past
  // it, one memoised body whose rows array stays the same object until the transition draws
  // them, so the answering frame's render skips them in one comparison. A list no longer than
  // the first body is drawn whole at once (the stale rows past it are hidden).
  const fresh = complete || rows.length <= FIRST_ROWS ? FIRST_ROWS : onScreen;
  const first = useMemo(
    () => (fresh >= FIRST_ROWS ? rows.slice(0, FIRST_ROWS) : [...rows.slice(0, fresh), ...drawn.slice(fresh, FIRST_ROWS)]),
    [rows, drawn, fresh],
  );
  const later = useMemo(() => drawn.slice(FIRST_ROWS), [drawn]);
  // Observed again whenever the body's row count changes (a short list, the transition's rows);
  // all of a short body on screen counts as a full first screen (more may fit under it).
  useEffect(() => {
    const body = firstBody.current;
    if (!body || typeof IntersectionObserver !== 'function') return;
    const shown = new Map<Element, boolean>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries)
        shown.set(entry.target, entry.isIntersecting || entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0));
      let count = 0;
      while (count < body.rows.length && shown.get(body.rows[count]!)) count += 1;
      setOnScreen(count === body.rows.length ? FIRST_ROWS : Math.max(1, count));
    });
    for (const row of body.rows) observer.observe(row);
    return () => observer.disconnect();
  }, [first.length]);
  const locale = useLocale();
  const onClick = useRowLinks();
  // `t` is a new function every render; the words change only with the locale.
  const words = useMemo<RowWords>(
    () => ({
      locale: locale.code,
      device: t('hw.col.device'),
      hashrate: t('hw.col.hashrate'),
      power: t('hw.col.power'),
      efficiency: t('hw.col.efficiency'),
      bestCoin: t('hw.col.bestCoin'),
      revenue: t('hw.col.revenue'),
      profit: t('hw.col.profit'),
      price: t('hw.col.price'),
      payback: t('hw.col.payback'),
      enterPrice: t('hw.enterPrice'),
      never: t('hw.never'),
      days: (n) => t('hw.paybackDays', { n }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale.code],
  );
  const group = { vendorName, currency, perUsd, words };
  return (
    // Contained: a new list lays out this box, not the page around it.
    <div className="device-list mt-3 [contain:content] md:overflow-x-auto md:rounded-xl md:border md:border-line md:bg-surface-raised">
      <table
        className="w-full text-sm tabular-nums md:table-fixed md:border-separate md:border-spacing-0"
        data-testid="device-table"
        onClick={onClick}
      >
        <TableColumns words={words} />
        <RowGroup
          rows={first}
          from={0}
          bodyRef={firstBody}
          data-partial={complete ? undefined : ''}
          data-testid="device-rows"
          {...group}
        />
        {later.length > 0 ? (
          <RowGroup
            rows={later}
            from={FIRST_ROWS}
            // Its own layer from md up: the answering frame repaints the first screen's rows
            // without painting these again (paint and pre-paint of the frame about 5 ms less at
            // 4x, decision 036). The phone's cards are two grids: the margin is their gap.
            className={!complete && rows.length < FIRST_ROWS ? 'hidden!' : 'max-md:mt-3 md:will-change-transform'}
            {...group}
          />
        ) : null}
      </table>
    </div>
  );
}

/**
 * The column widths and headings, memoised on the words: a change renders none of them again.
 * Fixed column widths (md and up): a new list's rows are laid out in the widths the columns
 * already have, instead of every cell being measured again to size the columns (decision 036).
 * The widths hold the longest figure of the shortlist's currencies; the device's column takes
 * the rest. A phone's cards (app.css) ignore them.
 */
const TableColumns = memo(function TableColumns({ words }: { words: RowWords }) {
  const th = 'py-2 pe-3 font-medium';
  return (
    <>
      <colgroup className="hidden md:table-column-group">
        <col />
        <col className="md:w-28" />
        <col className="md:w-24" />
        <col className="hidden lg:table-column lg:w-32" />
        <col className="md:w-24" />
        <col className="hidden xl:table-column xl:w-32" />
        <col className="md:w-32" />
        <col className="hidden lg:table-column lg:w-32" />
        <col className="md:w-36" />
      </colgroup>
      <thead>
        <tr className="text-xs text-ink-muted">
          <th scope="col" className={`${th} ps-4 text-start`}>
            {words.device}
          </th>
          <th scope="col" className={`${th} text-end`}>
            {words.hashrate}
          </th>
          <th scope="col" className={`${th} text-end`}>
            {words.power}
          </th>
          <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
            {words.efficiency}
          </th>
          <th scope="col" className={`${th} text-start`}>
            {words.bestCoin}
          </th>
          <th scope="col" className={`${th} hidden text-end xl:table-cell`}>
            {words.revenue}
          </th>
          <th scope="col" className={`${th} text-end`}>
            {words.profit}
          </th>
          <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
            {words.price}
          </th>
          <th scope="col" className={`${th} pe-4 text-end`}>
            {words.payback}
          </th>
        </tr>
      </thead>
    </>
  );
});

interface GroupProps extends Omit<RowProps, 'row' | 'vendor'> {
  rows: ListedDevice[];
  /** The place of the group's first row in the list. */
  from: number;
  vendorName: ReadonlyMap<string, string>;
  bodyRef?: RefObject<HTMLTableSectionElement | null>;
  className?: string;
  'data-partial'?: string;
  'data-testid'?: string;
}

/** A table body of rows, memoised: skipped as a whole while its rows array is the same object. */
const RowGroup = memo(function RowGroup({ rows, from, vendorName, currency, perUsd, words, bodyRef, ...body }: GroupProps) {
  return (
    <tbody ref={bodyRef} {...body}>
      {rows.map((row, index) => (
        <TableRow
          // By place, not by device: a new list updates the rows' text in place instead of
          // removing and creating elements (rows hold no state of their own).
          key={from + index}
          row={row}
          vendor={vendorName.get(row.device.vendor) ?? row.device.vendor}
          currency={currency}
          perUsd={perUsd}
          words={words}
        />
      ))}
    </tbody>
  );
});

interface RowProps {
  row: ListedDevice;
  vendor: string;
  currency: string;
  perUsd: number;
  words: RowWords;
}

/**
 * A cell's padding and, from md up, the line above its row. On the cells, not the row: the table
 * separates its borders (`border-spacing: 0`), so every row starts on a whole pixel. Collapsed,
 * each row border was split half above and half below the grid line, the rows stood on half
 * pixels and the layer of the rows past the first screen was drawn half a pixel off (its text a
 * pixel lower). A phone's card has its own border (app.css).
 */
const CELL = 'py-2 md:border-t md:border-line';

/** Memoised: a filter that keeps a device keeps its row object (the list's row cache), so React skips it. */
const TableRow = memo(function TableRow({ row, vendor, currency, perUsd, words }: RowProps) {
  const { device, best, figure, priceUsd } = row;
  const format = (amount: number) => formatMoney(amount, currency);
  const href = localizePath(deviceHref(device), words.locale);
  let payback;
  if (best?.revenue == null) payback = <span className="text-ink-muted">–</span>;
  else if (priceUsd === null)
    // No price known: the device page takes the visitor's own.
    payback = (
      <a href={`${href}#device-price`} data-row-link="" className="text-accent hover:underline" data-testid="enter-price">
        {words.enterPrice}
      </a>
    );
  else if (best.paybackDays === null) payback = <span className="text-ink-muted">{words.never}</span>;
  else payback = words.days(Math.ceil(best.paybackDays));
  return (
    <tr className="border-t border-line" data-testid="device-row">
      <td className={`${CELL} ps-4 pe-3`}>
        {/* dir="auto" isolates the name: 'Antminer S21 (Pro)' keeps its parentheses in a fa page. */}
        <a href={href} data-row-link="" dir="auto" className="font-medium text-accent hover:underline">
          {device.name}
        </a>
        <div className="text-xs text-ink-muted">
          {vendor} · {figure.algorithm}
        </div>
      </td>
      <td className={`${CELL} pe-3 text-end`} data-label={words.hashrate}>
        {ltr(formatHashrate(figure.hashrate))}
      </td>
      <td className={`${CELL} pe-3 text-end`} data-label={words.power}>
        {ltr(formatPower(figure.power))}
      </td>
      {/* The columns a narrow desktop hides are lines of a phone's card all the same (data-label, app.css):
          every column a desktop shows is on a phone too (the spec's rule for phones). */}
      <td className={`${CELL} hidden pe-3 text-end lg:table-cell`} data-label={words.efficiency}>
        {ltr(formatEfficiency(figure.power, figure.hashrate))}
      </td>
      <td className={`${CELL} pe-3`} data-label={words.bestCoin}>
        <span>{best ? best.coin.ticker.toUpperCase() : '–'}</span>
      </td>
      <td className={`${CELL} hidden pe-3 text-end xl:table-cell`} data-label={words.revenue}>
        {money(best?.revenue, format)}
      </td>
      <td className={`${CELL} pe-3 text-end font-semibold`} data-testid="device-profit" data-label={words.profit}>
        {money(best?.profit, format)}
      </td>
      <td className={`${CELL} hidden pe-3 text-end lg:table-cell`} data-label={words.price}>
        {priceUsd === null ? <span>–</span> : ltr(format(priceUsd * perUsd))}
      </td>
      <td className={`${CELL} pe-4 text-end`} data-label={words.payback}>
        <span>{payback}</span>
      </td>
    </tr>
  );
});
