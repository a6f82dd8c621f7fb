import type { LocationRow } from '@portal/contract';
import type { TFunction } from 'i18next';

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

/** What a cell of a row's controls gets from the table. */
export type CellProps = { row: LocationRow; t: TFunction; dispatch: Dispatch };

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
