import { ROW_HIGHLIGHT_DELAY_MS, ROW_HIGHLIGHT_MS } from '@portal/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * After an action: the page holding the row is shown (`locate` asks the server for it and
 * answers whether the search and status still show the row), and the row is highlighted for a
 * moment and so scrolled into view.
 */
export function useHighlight(locate: (locationId: number) => Promise<boolean>) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const locateRef = useRef(locate);
  useLayoutEffect(() => {
    locateRef.current = locate;
  });
  const timers = useRef<number[]>([]);
  const highlight = useCallback((locationId: number) => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [
      window.setTimeout(() => {
        locateRef.current(locationId).then(
          (shown) => {
            if (!shown) return;
            setHighlighted(locationId);
            timers.current.push(window.setTimeout(() => setHighlighted(null), ROW_HIGHLIGHT_MS));
          },
          // the row is not found: nothing to show
          () => undefined,
        );
      }, ROW_HIGHLIGHT_DELAY_MS),
    ];
  }, []);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  return { highlighted, highlight };
}
