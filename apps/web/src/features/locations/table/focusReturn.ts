/**
 * Where the keyboard focus goes back when a dialog closes: the control that opened it. A
 * row's controls are found again by the row and a `data-control` name, as the row may have
 * been rendered anew meanwhile (a live update, a check-in that turned Check In into Check
 * Out); a row menu's item, gone with its menu, hands over to the row's menu button.
 */
export type FocusTarget = { locationId: number; control: string } | { element: HTMLElement };

export function focusTargetNow(locationId?: number): FocusTarget | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (locationId === undefined) return { element: active };
  const row = active.closest('tr[data-location-id]');
  const inRow = row?.getAttribute('data-location-id') === String(locationId);
  return { locationId, control: (inRow && active.getAttribute('data-control')) || 'menu' };
}

export function returnFocus(target: FocusTarget | null): void {
  if (!target) return;
  // After the dialog has left the DOM (and its own focus handling is done).
  window.setTimeout(() => {
    const element =
      'element' in target
        ? target.element
        : document.querySelector<HTMLElement>(
            `tr[data-location-id="${target.locationId}"] [data-control="${target.control}"]`,
          );
    if (element?.isConnected) element.focus();
  }, 20);
}
