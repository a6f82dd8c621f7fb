import type { LocationRow } from '@portal/contract';
import { ROW_HIGHLIGHT_DELAY_MS, ROW_HIGHLIGHT_MS } from '@portal/contract';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

type Pagination = { pageIndex: number; pageSize: number };

/**
 * After an action: the row is found among the rows in view (its page opened), highlighted
 * for a moment and so scrolled into view.
 */
export function useHighlight(inView: readonly LocationRow[], setPagination: Dispatch<SetStateAction<Pagination>>) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const inViewRef = useRef<readonly LocationRow[]>([]);
  useLayoutEffect(() => {
    inViewRef.current = inView;
  });
  const timers = useRef<number[]>([]);
  const highlight = useCallback(
    (locationId: number) => {
      timers.current.forEach((id) => window.clearTimeout(id));
      timers.current = [
        window.setTimeout(() => {
          const index = inViewRef.current.findIndex((r) => r.locationID === locationId);
          if (index < 0) return;
          setPagination((p) => ({ ...p, pageIndex: Math.floor(index / p.pageSize) }));
          setHighlighted(locationId);
          timers.current.push(window.setTimeout(() => setHighlighted(null), ROW_HIGHLIGHT_MS));
        }, ROW_HIGHLIGHT_DELAY_MS),
      ];
    },
    [setPagination],
  );
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  return { highlighted, highlight };
}
