import { Alert, Button, Center, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type LocationRow, ROW_HIGHLIGHT_DELAY_MS, ROW_HIGHLIGHT_MS, Role } from '@portal/contract';
import { IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import {
  type SortingState,
  createColumnHelper,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { errorMessage } from '../../../i18n/messages';
import { type ConfirmOptions, useConfirm } from '../../../ui/confirmContext';
import { EmptyState } from '../../../ui/EmptyState';
import { toast } from '../../../ui/toast';
import {
  useBulkSendControl,
  useEraseLocation,
  useLocationsTable,
  useRefreshUsage,
  useSetMonitoring,
  useToggleDeleted,
} from '../hooks';
import { Pager } from '../../../ui/Pager';
import { STATUS_FILTERS, type StatusFilter, hasStatus, naturalCompare, searchText } from '../rows';
import type { LocationsSite } from '../site';
import { useRole } from '../useRole';
import { type FocusTarget, focusTargetNow, returnFocus } from './focusReturn';
import { LocationDialogs, type DialogState } from './LocationDialogs';
import { ADMIN_COLUMNS, COLUMNS, type ColumnId, type RowAction } from './actions';
import { PagedTable } from './PagedTable';
import { SelectionToolbar } from './SelectionToolbar';
import {
  type SelectionType,
  idsOfType,
  metersToMonitor,
  metersToSwitch,
  pruneSelection,
  selectable,
  typeAfterChange,
} from './selection';
import type { RowsTableProps } from './tableProps';
import { VirtualTable } from './VirtualTable';

const PAGE_SIZES = ['10', '25', '50', '100'];
/** The page size that shows every row, virtualized. */
const ALL_ROWS = 'all';
const EMPTY: LocationRow[] = [];
const column = createColumnHelper<LocationRow>();

const healthRank = (row: LocationRow) =>
  row.servicePoints.some((sp) => sp.isMissingDevice) ? 0 : row.servicePoints.length === 0 ? 2 : 1;

/** Columns of the row model: what sorting and the search box work on (cells render in LocationRowView). */
const columnDefs = [
  column.accessor((r) => r.locationDescription, {
    id: 'description',
    sortingFn: (a, b) => naturalCompare(a.original.locationDescription, b.original.locationDescription),
  }),
  column.accessor((r) => r.servicePoints.map((sp) => sp.servicePointName).join(' '), {
    id: 'meters',
    sortingFn: (a, b) => naturalCompare(a.getValue('meters'), b.getValue('meters')),
  }),
  column.accessor((r) => (r.isCheckedInState ? 1 : 0), { id: 'checkInOut' }),
  column.accessor(healthRank, { id: 'health' }),
];

type Props = {
  site: LocationsSite;
  /** Add Location and Assign Meter buttons above the table (a page of its own has no property menu). */
  withPropertyActions?: boolean;
};

/**
 * The locations table of one property (properties screen 5): the whole property in one
 * request, sorted, searched and paged in the browser so that thousands of rows stay
 * smooth; rows re-render only when their own data changes (live updates included). The
 * 'All' page size shows every row in a virtualized scrolling box.
 */
export function LocationsTable({ site, withPropertyActions = false }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const role = useRole();
  const isAdmin = role === Role.Administrator;
  const siteId = site.siteID;
  const query = useLocationsTable(siteId);
  const rows = query.data ?? EMPTY;
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const statusRows = useMemo(() => (status ? rows.filter((r) => hasStatus(r, status)) : rows), [rows, status]);
  const statusCounts = useMemo(
    () => Object.fromEntries(STATUS_FILTERS.map((f) => [f, rows.filter((r) => hasStatus(r, f)).length])),
    [rows],
  );

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'description', desc: false }]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 });
  const [allRows, setAllRows] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [chosenType, setChosenType] = useState<SelectionType>('select');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const opener = useRef<FocusTarget | null>(null);
  const openDialog = (next: DialogState, locationId?: number) => {
    opener.current = focusTargetNow(locationId);
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    returnFocus(opener.current);
  };
  /** A row's question in the confirm dialog; the focus then goes back to the row. */
  const confirmFor = async (locationId: number, options: ConfirmOptions) => {
    const target = focusTargetNow(locationId);
    const ok = await confirm(options);
    returnFocus(target);
    return ok;
  };
  const [highlighted, setHighlighted] = useState<number | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table; the app does not use the React Compiler
  const table = useReactTable({
    data: statusRows,
    columns: columnDefs,
    state: { sorting, globalFilter: deferredSearch, pagination },
    getRowId: (r) => String(r.locationID),
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    globalFilterFn: (row, _columnId, filter: string) => searchText(row.original).includes(filter.trim().toLowerCase()),
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  // Selection follows the rows: gone or deleted rows drop out, and the type reverts when it no longer matches.
  const selected = useMemo(() => pruneSelection(chosen, rows), [chosen, rows]);
  const selectionType = useMemo(() => typeAfterChange(chosenType, selected, rows), [chosenType, selected, rows]);
  // Searched and sorted, before paging: what the pages show, in order.
  const filteredRows = table.getPrePaginationRowModel().rows;
  const selectableInView = useMemo(() => filteredRows.map((r) => r.original).filter(selectable), [filteredRows]);

  const setSelection = useCallback(
    (next: ReadonlySet<number>, type?: SelectionType) => {
      setChosen(next);
      setChosenType(type ?? typeAfterChange(selectionType, next, rows));
    },
    [rows, selectionType],
  );

  // After an action: the row is found (its page opened), highlighted and scrolled into view.
  const filteredRef = useRef<readonly LocationRow[]>([]);
  useLayoutEffect(() => {
    filteredRef.current = filteredRows.map((r) => r.original);
  });
  const highlightTimers = useRef<number[]>([]);
  const highlight = useCallback((locationId: number) => {
    highlightTimers.current.forEach((id) => window.clearTimeout(id));
    highlightTimers.current = [
      window.setTimeout(() => {
        const index = filteredRef.current.findIndex((r) => r.locationID === locationId);
        if (index < 0) return;
        setPagination((p) => ({ ...p, pageIndex: Math.floor(index / p.pageSize) }));
        setHighlighted(locationId);
        highlightTimers.current.push(window.setTimeout(() => setHighlighted(null), ROW_HIGHLIGHT_MS));
      }, ROW_HIGHLIGHT_DELAY_MS),
    ];
  }, []);
  useEffect(() => () => highlightTimers.current.forEach((id) => window.clearTimeout(id)), []);

  const toggleDeleted = useToggleDeleted(siteId);
  const erase = useEraseLocation(siteId);
  const monitoring = useSetMonitoring(siteId);
  const refreshUsage = useRefreshUsage(siteId);
  const bulkSwitch = useBulkSendControl(siteId);

  const handle = (action: RowAction) => {
    const row = action.row;
    const name = row.locationDescription;
    switch (action.kind) {
      case 'select': {
        const next = new Set(selected);
        if (action.selected) next.add(row.locationID);
        else next.delete(row.locationID);
        setSelection(next);
        return;
      }
      case 'toggleDeleted': {
        const action = row.deleted ? 'reactivate' : 'delete';
        const word = t(`locations.actionWord.${action}`);
        void (async () => {
          const ok = await confirmFor(row.locationID, {
            title: row.deleted ? t('locations.dialogs.reactivateTitle') : t('locations.dialogs.deleteTitle'),
            message: row.deleted
              ? t('locations.dialogs.reactivateQuestion', { location: name })
              : t('locations.dialogs.deleteQuestion', { location: name }),
            confirmLabel: row.deleted ? t('locations.actions.reactivate') : t('locations.actions.delete'),
            danger: !row.deleted,
          });
          if (!ok) return;
          toggleDeleted.mutate(row.locationID, {
            onSuccess: () => {
              toast.success(t('msg.locationActionDone', { action: word }));
              highlight(row.locationID);
            },
            onError: (error) => toast.error(deleteFailure(t, error, word)),
          });
        })();
        return;
      }
      case 'erase': {
        const word = t('locations.actionWord.delete');
        void (async () => {
          const ok = await confirmFor(row.locationID, {
            title: t('locations.dialogs.eraseTitle'),
            message: t('locations.dialogs.eraseQuestion', { location: name }),
            confirmLabel: t('locations.actions.erase'),
            danger: true,
          });
          if (!ok) return;
          erase.mutate(row.locationID, {
            onSuccess: () => toast.success(t('msg.locationActionDone', { action: word })),
            onError: (error) => toast.error(deleteFailure(t, error, word)),
          });
        })();
        return;
      }
      case 'monitoring':
        monitoring.mutate(
          [
            {
              LocationId: row.locationID,
              ServicePointID: action.servicePointId,
              ExcludeFromMonitoring: !action.monitored,
            },
          ],
          {
            onSuccess: () => toast.success(t('msg.monitoringUpdated')),
            onError: () => toast.error(t('msg.monitoringFailed')),
          },
        );
        return;
      case 'refreshUsage':
        refreshUsage.mutate(row.locationID, { onError: (error) => toast.error(errorMessage(t, error)) });
        return;
      case 'device':
        openDialog(
          { kind: 'device', locationId: row.locationID, servicePointId: action.servicePointId },
          row.locationID,
        );
        return;
      case 'move':
        openDialog({ kind: 'move', locationIds: [row.locationID] }, row.locationID);
        return;
      default:
        openDialog({ kind: action.kind, locationId: row.locationID }, row.locationID);
    }
  };
  // Rows get one stable dispatcher (so that memoised rows do not re-render) that runs the latest handler.
  const handleRef = useRef(handle);
  useLayoutEffect(() => {
    handleRef.current = handle;
  });
  const dispatch = useCallback((action: RowAction) => handleRef.current(action), []);

  const switchSelected = async (state: 0 | 1) => {
    const meters = metersToSwitch(rows, selected, selectionType);
    if (meters.length === 0) {
      toast.error(t('locations.selection.nothingToSwitch'));
      return;
    }
    const ok = await confirm({
      title: state === 1 ? t('locations.selection.onTitle') : t('locations.selection.offTitle'),
      message: t('locations.selection.switchQuestion', { count: meters.length }),
    });
    if (!ok) return;
    bulkSwitch.mutate(
      { list: meters.map((servicePointId) => ({ servicePointId, requestedState: state })), locationIds: [...selected] },
      {
        onSuccess: () => toast.success(t('locations.selection.commandsSent', { count: meters.length })),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  const monitorSelected = (monitored: boolean) => {
    const meters = metersToMonitor(rows, selected, selectionType);
    if (meters.length === 0) return;
    monitoring.mutate(
      meters.map((m) => ({ ...m, ExcludeFromMonitoring: !monitored })),
      {
        onSuccess: () => toast.success(t('msg.monitoringUpdated')),
        onError: () => toast.error(t('msg.monitoringFailed')),
      },
    );
  };

  const columns = useMemo(() => COLUMNS.filter((c) => isAdmin || !ADMIN_COLUMNS.includes(c)), [isAdmin]);
  const labels = useMemo(
    () => Object.fromEntries(COLUMNS.map((c) => [c, t(`locations.columns.${c}`)])) as Record<ColumnId, string>,
    [t],
  );
  const pageCount = table.getPageCount();
  // Fewer rows than before (a search, a move): stay on the last page there is.
  if (pageCount > 0 && pagination.pageIndex >= pageCount) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  const pageRows = table.getRowModel().rows;
  const refreshingId = refreshUsage.isPending ? refreshUsage.variables : null;
  const shownRows = useMemo(
    () => (allRows ? filteredRows : pageRows).map((r) => r.original),
    [allRows, filteredRows, pageRows],
  );

  const toolbar = (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
        <TextInput
          aria-label={t('locations.table.search')}
          placeholder={t('locations.table.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          aria-label={t('locations.status.label')}
          placeholder={t('locations.status.all')}
          data={STATUS_FILTERS.map((f) => ({
            value: f,
            label: t('locations.status.option', { status: t(`locations.status.${f}`), count: statusCounts[f] }),
          }))}
          value={status}
          onChange={(value) => {
            setStatus(value as StatusFilter | null);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('locations.table.count', { shown: filteredRows.length, total: rows.length })}
        </Text>
        {withPropertyActions && (
          <>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => openDialog({ kind: 'addLocations' })}
            >
              {t('locations.actions.addLocation')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={14} aria-hidden />}
              onClick={() => openDialog({ kind: 'assignMeters' })}
            >
              {t('locations.actions.assignMeter')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={44} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" title={t('msg.locationsLoadFailed')}>
        <Text size="sm" mb="xs">
          {errorMessage(t, query.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('locations.table.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = <EmptyState title={t('msg.noData')} text={t('locations.table.emptyText')} />;
  } else {
    const tableProps: RowsTableProps = {
      rows: shownRows,
      label: t('locations.table.label', { property: site.sitePublicName }),
      columns,
      labels,
      sorting,
      onSort: (id) => table.getColumn(id)?.toggleSorting(),
      selected,
      highlighted,
      refreshingId,
      isAdmin,
      dispatch,
    };
    body = (
      <>
        {allRows ? <VirtualTable {...tableProps} /> : <PagedTable {...tableProps} />}
        {shownRows.length === 0 && (
          <Center py="md">
            <Text c="dimmed" size="sm">
              {t('msg.noData')}
            </Text>
          </Center>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Select
            size="xs"
            w={110}
            aria-label={t('locations.table.pageSize')}
            data={[
              ...PAGE_SIZES.map((value) => ({ value, label: t('locations.table.perPage', { count: Number(value) }) })),
              { value: ALL_ROWS, label: t('locations.table.allRows') },
            ]}
            value={allRows ? ALL_ROWS : String(pagination.pageSize)}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              setAllRows(value === ALL_ROWS);
              if (value !== ALL_ROWS) setPagination({ pageIndex: 0, pageSize: Number(value) });
            }}
          />
          {!allRows && pageCount > 1 && (
            <Pager
              total={pageCount}
              value={pagination.pageIndex + 1}
              onChange={(page) => setPagination((p) => ({ ...p, pageIndex: page - 1 }))}
            />
          )}
        </Group>
      </>
    );
  }

  return (
    <Stack gap="sm">
      {toolbar}
      {isAdmin && rows.length > 0 && (
        <SelectionToolbar
          selected={selected.size}
          total={selectableInView.length}
          type={selectionType}
          busy={bulkSwitch.isPending}
          onType={(type) => setSelection(idsOfType(rows, type), type)}
          onSelectAll={() => setSelection(new Set([...selected, ...selectableInView.map((r) => r.locationID)]))}
          onClear={() => setSelection(new Set(), 'select')}
          onSwitch={(state) => void switchSelected(state)}
          onMove={() => openDialog({ kind: 'move', locationIds: [...selected] })}
          onMonitoring={monitorSelected}
        />
      )}
      {body}
      <LocationDialogs
        site={site}
        rows={rows}
        dialog={dialog}
        onClose={closeDialog}
        onDone={(locationIds) => {
          if (dialog?.kind === 'move') setSelection(new Set(), 'select');
          if (locationIds[0] !== undefined) highlight(locationIds[0]);
        }}
      />
    </Stack>
  );
}

/** Delete and reactivate: 417 (or 400) means transaction records keep the location. */
function deleteFailure(t: TFunction, error: unknown, action: string): string {
  if (error instanceof ApiError && (error.status === 417 || error.status === 400)) {
    return t('msg.locationHasTransactions', { action });
  }
  if (error instanceof ApiError && error.messageCode === 'checkOutFirst') return t('msg.checkOutFirst');
  return t('msg.locationActionFailed', { action });
}
