import type { ReactNode } from 'react';
import controls from './RowControls.module.css';

/**
 * A control with the reason it is unavailable, shown under it while it has the mouse or
 * the keyboard focus (the control stays focusable: aria-disabled, not disabled) and read
 * out as its description. Plain elements: rows render by the thousand.
 */
export function Hint({
  id,
  text,
  align = 'start',
  children,
}: {
  /** The tooltip's id, for the control's aria-describedby. */
  id: string;
  text: string;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <span className={controls.hint} data-align={align}>
      {children}
      <span role="tooltip" id={id} className={controls.tip}>
        {text}
      </span>
    </span>
  );
}
