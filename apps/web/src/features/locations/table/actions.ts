import type { LocationRow } from '@portal/contract';

/** What a row asks its table to do; the table owns the dialogs and the calls. */
export type RowAction =
  | {
      kind:
        | 'checkIn'
        | 'checkOut'
        | 'edit'
        | 'toggleDeleted'
        | 'erase'
        | 'move'
        | 'addMeter'
        | 'history'
        | 'removeMeter'
        | 'resetReading'
        | 'report'
        | 'refreshUsage';
      row: LocationRow;
    }
  | { kind: 'device'; row: LocationRow; servicePointId: number }
  | { kind: 'monitoring'; row: LocationRow; servicePointId: number; monitored: boolean }
  | { kind: 'select'; row: LocationRow; selected: boolean };

export type Dispatch = (action: RowAction) => void;

/** The columns in the specification's order; the Administrator-only ones are left out for other roles. */
export const COLUMNS = [
  'select',
  'description',
  'meters',
  'service',
  'checkInOut',
  'health',
  'monitoring',
  'actions',
] as const;
export type ColumnId = (typeof COLUMNS)[number];
export const ADMIN_COLUMNS: readonly ColumnId[] = ['select', 'monitoring'];
