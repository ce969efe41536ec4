import type { ReactNode } from 'react';
import { ScrollTable } from '~/shared/scroll-table';

/**
 * A small table of a miner's figures per time window (reported beside effective hashrate, share
 * quality): a row label column under a heading only screen readers hear, then the columns; it
 * scrolls inside its box on a phone rather than squeezing the figures, the row labels held in view.
 * A row label stays on one line (whitespace-nowrap on its cell): squeezed by the figures at 320 px,
 * Persian '10 دقیقه' stood as '10' over 'دقیقه'.
 */
export function WindowTable({
  label,
  corner,
  columns,
  children,
}: {
  /** What the table is, for the scrolling region: the panel's title. */
  label: string;
  corner: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label}>
      <table className="w-full min-w-[19rem] text-sm">
        <thead className="text-xs text-ink-muted">
          <tr>
            <th className="py-1 pe-3 text-start font-medium">
              <span className="sr-only">{corner}</span>
            </th>
            {columns.map((column, index) => (
              <th key={column} className={`py-1 text-start font-medium${index < columns.length - 1 ? ' pe-3' : ''}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollTable>
  );
}
