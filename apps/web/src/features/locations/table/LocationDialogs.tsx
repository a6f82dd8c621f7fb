import type { LocationRow, LocationSelection } from '@portal/contract';
import { Suspense, lazy } from 'react';
import type { LocationsSite } from '../site';

/** The dialogs load with their first use: the table itself stays light. */
const CheckInDialog = lazy(async () => ({ default: (await import('../check-in/CheckInDialog')).CheckInDialog }));
const CheckOutDialog = lazy(async () => ({ default: (await import('../check-in/CheckOutDialog')).CheckOutDialog }));
const EditLocationDialog = lazy(async () => ({
  default: (await import('../check-in/CheckInDialog')).EditLocationDialog,
}));
const MoveLocationDialog = lazy(async () => ({
  default: (await import('../dialogs/MoveLocationDialog')).MoveLocationDialog,
}));
const AddMeterDialog = lazy(async () => ({ default: (await import('../dialogs/AddMeterDialog')).AddMeterDialog }));
const RemoveMeterDialog = lazy(async () => ({
  default: (await import('../dialogs/RemoveMeterDialog')).RemoveMeterDialog,
}));
const ResetReadingDialog = lazy(async () => ({
  default: (await import('../dialogs/ResetReadingDialog')).ResetReadingDialog,
}));
const HistoryDialog = lazy(async () => ({
  default: (await import('../dialogs/LocationHistoryDialog')).LocationHistoryDialog,
}));
const DeviceControlDialog = lazy(async () => ({
  default: (await import('../device-control/DeviceControlDialog')).DeviceControlDialog,
}));
const AddLocationsDialog = lazy(async () => ({
  default: (await import('../dialogs/AddLocationsDialog')).AddLocationsDialog,
}));
const ReportsDialog = lazy(async () => ({
  default: (await import('../../reports')).PropertyReportsModal,
}));
const AssignMetersDialog = lazy(async () => ({
  default: (await import('../dialogs/AssignMetersDialog')).AssignMetersDialog,
}));

export type DialogState =
  | {
      kind: 'checkIn' | 'checkOut' | 'edit' | 'addMeter' | 'history' | 'removeMeter' | 'resetReading' | 'report';
      locationId: number;
    }
  | { kind: 'device'; locationId: number; servicePointId: number }
  | { kind: 'move'; locationId: number }
  /** The toolbar's Move Location: the selection, how many it holds, and its rows when all are known. */
  | { kind: 'moveSelection'; selection: LocationSelection; count: number; rows: LocationRow[] }
  | { kind: 'addLocations' | 'assignMeters' };

type Props = {
  site: LocationsSite;
  /** The rows on screen. */
  rows: readonly LocationRow[];
  /** The dialog, with its row as it was when it opened (shown when the row leaves the page meanwhile). */
  dialog: (DialogState & { opened?: LocationRow }) | null;
  onClose: () => void;
  onDone: (locationIds: number[]) => void;
};

/** Opens the dialog the table asked for, with the row's current data (live updates included) while it is on screen. */
export function LocationDialogs({ site, rows, dialog, onClose, onDone }: Props) {
  if (!dialog) return null;
  const common = { site, onClose, onDone };
  let content = null;
  if (dialog.kind === 'addLocations') content = <AddLocationsDialog {...common} />;
  else if (dialog.kind === 'assignMeters') content = <AssignMetersDialog {...common} />;
  else if (dialog.kind === 'moveSelection') {
    content = (
      <MoveLocationDialog
        {...common}
        rows={dialog.rows}
        selection={{ request: dialog.selection, count: dialog.count }}
      />
    );
  } else if ('locationId' in dialog) {
    const row = rows.find((r) => r.locationID === dialog.locationId) ?? dialog.opened;
    if (!row || row.locationID !== dialog.locationId) return null;
    const props = { ...common, row };
    switch (dialog.kind) {
      case 'move':
        content = <MoveLocationDialog {...common} rows={[row]} />;
        break;
      case 'checkIn':
        content = <CheckInDialog {...props} />;
        break;
      case 'checkOut':
        content = <CheckOutDialog {...props} />;
        break;
      case 'edit':
        content = <EditLocationDialog {...props} />;
        break;
      case 'addMeter':
        content = <AddMeterDialog {...props} />;
        break;
      case 'removeMeter':
        content = <RemoveMeterDialog {...props} />;
        break;
      case 'resetReading':
        content = <ResetReadingDialog {...props} />;
        break;
      case 'history':
        content = <HistoryDialog {...props} />;
        break;
      case 'report':
        // The reports feature's dialog, pre-filled with the location.
        content = <ReportsDialog opened site={site} locationDescription={row.locationDescription} onClose={onClose} />;
        break;
      case 'device':
        content = <DeviceControlDialog {...props} servicePointId={dialog.servicePointId} />;
        break;
    }
  }
  return <Suspense fallback={null}>{content}</Suspense>;
}
