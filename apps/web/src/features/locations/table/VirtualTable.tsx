import { useMediaQuery } from '@mantine/hooks';
import { type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type FocusEvent, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import classes from './LocationsTable.module.css';
import { LocationRowView } from './LocationRowView';
import { TableHead } from './TableHead';
import { type RowsTableProps, rowViewProps } from './tableProps';
import { gridStyle } from './columnGrid';
import { blockRange, estimatedRowHeight, withFocusedRow } from './virtualRows';

/** Rows rendered beyond each edge of the view: fast scrolling meets rows that are already there. */
const OVERSCAN_ROWS = 6;
/** Rows come and go this many at a time (see blockRange): 4 dropped the fewest frames in bench/web-scroll.ts. */
const ROWS_PER_BLOCK = 4;
/** Below 48em each row is a card (see the style sheet); cards stand apart by this much. */
const CARD_GAP_PX = 10;

/**
 * Every row at once (the 'All' page size) in a scrolling box: only the rows in view and a
 * few around them are in the DOM, each placed on its own, so that adding one as the box
 * scrolls lays out and paints that row alone. Screen readers hear the position of each row
 * among all of them (aria-rowcount, aria-rowindex); the row holding the keyboard focus
 * stays rendered while the box scrolls away from it.
 */
export function VirtualTable(props: RowsTableProps) {
  const { rows, highlighted, columns } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const cards = useMediaQuery('(max-width: 48em)');
  const estimateSize = useCallback((index: number) => estimatedRowHeight(rows[index]!), [rows]);
  const getItemKey = useCallback((index: number) => rows[index]!.locationID, [rows]);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focusedIndex = focusedId === null ? -1 : rows.findIndex((r) => r.locationID === focusedId);
  const rangeExtractor = useCallback(
    (range: Range) => withFocusedRow(blockRange(range, ROWS_PER_BLOCK), focusedIndex),
    [focusedIndex],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual; the app does not use the React Compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    rangeExtractor,
    gap: cards ? CARD_GAP_PX : 0,
  });

  // After an action the row is scrolled into the box; once rendered, it scrolls itself to the middle.
  const highlightedIndex = highlighted === null ? -1 : rows.findIndex((r) => r.locationID === highlighted);
  useEffect(() => {
    if (highlightedIndex >= 0) virtualizer.scrollToIndex(highlightedIndex, { align: 'center' });
  }, [virtualizer, highlightedIndex]);

  // Rows coming in are rendered in the background, in slices that leave every frame time to scroll.
  const items = useDeferredValue(virtualizer.getVirtualItems());
  const grid = useMemo(() => gridStyle(columns), [columns]);
  return (
    <div ref={scrollRef} className={classes.allRows}>
      <table
        className={`${classes.table} ${classes.grid} ${classes.virtual}`}
        style={grid}
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
      >
        <TableHead columns={columns} labels={props.labels} sorting={props.sorting} onSort={props.onSort} withRowIndex />
        <tbody
          style={{ height: virtualizer.getTotalSize() }}
          onFocus={(e) => setFocusedId(locationIdOf(e))}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) setFocusedId(null);
          }}
        >
          {items.map((item) => (
            <LocationRowView
              key={item.key}
              {...rowViewProps(props, rows[item.index]!)}
              position={item.index}
              offset={item.start}
              measure={virtualizer.measureElement}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const locationIdOf = (event: FocusEvent) =>
  Number(event.target.closest('tr[data-location-id]')?.getAttribute('data-location-id')) || null;
