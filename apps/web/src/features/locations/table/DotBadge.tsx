import type { CSSProperties, ReactNode } from 'react';
import controls from './RowControls.module.css';

type Props = { color: string; dimmed?: boolean; children: ReactNode };

/** A status word beside a coloured dot (Mantine's dot badge as a plain element: rows carry many). */
export function DotBadge({ color, dimmed = false, children }: Props) {
  const dot = { '--badge-dot': `var(--mantine-color-${color}-filled)` } as CSSProperties;
  return (
    <span className={controls.badge} data-dimmed={dimmed || undefined} style={dot}>
      {children}
    </span>
  );
}
