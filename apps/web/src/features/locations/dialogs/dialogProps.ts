import type { LocationRow } from '@portal/contract';
import type { LocationsSite } from '../site';

/** What every location dialog gets from the table that opens it. */
export type DialogProps = {
  site: LocationsSite;
  row: LocationRow;
  onClose: () => void;
  /** The change is saved: the table highlights these rows. */
  onDone: (locationIds: number[]) => void;
};
