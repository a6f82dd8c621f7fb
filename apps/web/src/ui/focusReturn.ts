/**
 * Dialogs that leave the DOM when they close take Mantine's return of focus with them, and a
 * menu's item goes with its menu: these give the focus back to the control that opened a
 * dialog, for keyboard and screen-reader users.
 */

/** The control opening something now: the focused element, or for a menu's item the button of that menu. */
export function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const trigger = menu?.id ? document.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`) : null;
  return trigger ?? active;
}

/** Focuses what `find` answers once the closing dialog has left the DOM, if it is still on the page. */
export function focusLater(find: () => HTMLElement | null): void {
  window.setTimeout(() => {
    const element = find();
    if (element?.isConnected) element.focus();
  }, 20);
}
