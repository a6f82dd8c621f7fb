import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './StatusBadge.module.css';

type Props = Omit<BadgeProps, 'color' | 'variant' | 'leftSection'> &
  Omit<ComponentPropsWithoutRef<'span'>, 'color'> & {
    /** The status colour: a tinted background and a solid dot (or the icon given). */
    color: MantineColor;
    /** Replaces the dot. */
    icon?: ReactNode;
    children: ReactNode;
  };

/**
 * A status as the app shows it: a word beside the colour, never colour alone. The text
 * keeps the body colour so that it stays readable (WCAG AA) on the tint in both themes.
 */
export function StatusBadge({ color, icon, children, className, ...props }: Props) {
  return (
    <Badge
      component="span"
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      className={className ? `${classes.badge} ${className}` : classes.badge}
      vars={() => ({ root: { '--badge-color': 'var(--mantine-color-text)' } })}
      leftSection={
        icon ?? (
          <span className={classes.dot} style={{ background: `var(--mantine-color-${color}-filled)` }} aria-hidden />
        )
      }
      {...props}
    >
      {children}
    </Badge>
  );
}
