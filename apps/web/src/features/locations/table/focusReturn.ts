import { focusLater, openerNow } from '../../../ui/focusReturn';

/**
 * Where the focus goes back when a dialog of the table closes. A row's controls are found
 * again by the row and a `data-control` name, as the row may have been rendered anew
 * meanwhile (a live update, a check-in that turned Check In into Check Out); a row menu's
 * item stands for the row's menu button.
 */
export type FocusTarget = { locationId: number; control: string } | { element: HTMLElement };

export function focusTargetNow(locationId?: number): FocusTarget | null {
  const opener = openerNow();
  if (!opener) return null;
  if (locationId === undefined) return { element: opener };
  const inRow = opener.closest('tr[data-location-id]')?.getAttribute('data-location-id') === String(locationId);
  return { locationId, control: (inRow && opener.getAttribute('data-control')) || 'menu' };
}

export function returnFocus(target: FocusTarget | null): void {
  if (!target) return;
  focusLater(() =>
    'element' in target
      ? target.element
      : document.querySelector<HTMLElement>(
          `tr[data-location-id="${target.locationId}"] [data-control="${target.control}"]`,
        ),
  );
}
