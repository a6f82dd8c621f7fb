import { Stack } from '@mantine/core';
import { type LocationRow, Role } from '@portal/contract';
import {
  type SortingState,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ConfirmOptions, useConfirm } from '../../../ui/confirmContext';
import { useLocationsTable } from '../hooks';
import { STATUS_FILTERS, type StatusFilter, hasStatus, searchText } from '../rows';
import type { LocationsSite } from '../site';
import { useRole } from '../useRole';
import { columnDefs, useVisibleColumns } from './columns';
import { type FocusTarget, focusTargetNow, returnFocus } from './focusReturn';
import { type DialogState, LocationDialogs } from './LocationDialogs';
import { SelectionToolbar } from './SelectionToolbar';
import { TableBody } from './TableBody';
import { TableControls } from './TableControls';
import { useHighlight } from './useHighlight';
import { useRowActions } from './useRowActions';
import { useSelection } from './useSelection';

const EMPTY: LocationRow[] = [];

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
  const isAdmin = useRole() === Role.Administrator;
  const siteId = site.siteID;
  const query = useLocationsTable(siteId);
  const rows = query.data ?? EMPTY;
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const statusRows = useMemo(() => (status ? rows.filter((r) => hasStatus(r, status)) : rows), [rows, status]);
  const statusCounts = useMemo(
    () => Object.fromEntries(STATUS_FILTERS.map((f) => [f, rows.filter((r) => hasStatus(r, f)).length])),
    [rows],
  );

  // a link to one location (an alert's mail) opens the table searched for it
  const [linked] = useSearchParams();
  const [search, setSearch] = useState(() => linked.get('search') ?? '');
  const deferredSearch = useDeferredValue(search);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'description', desc: false }]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 });
  const [allRows, setAllRows] = useState(false);
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
  // Searched and sorted, before paging: what the pages show, in order.
  const filteredRows = table.getPrePaginationRowModel().rows;
  const inView = useMemo(() => filteredRows.map((r) => r.original), [filteredRows]);

  const { selected, setSelection, toolbar } = useSelection({
    siteId,
    rows,
    inView,
    onMove: (locationIds) => openDialog({ kind: 'move', locationIds }),
  });
  const { highlighted, highlight } = useHighlight(inView, setPagination);
  const { dispatch, refreshingId } = useRowActions({
    siteId,
    selected,
    setSelection,
    openDialog,
    confirmFor,
    highlight,
  });
  const { columns, labels } = useVisibleColumns(isAdmin);

  const pageCount = table.getPageCount();
  // Fewer rows than before (a search, a move): stay on the last page there is.
  if (pageCount > 0 && pagination.pageIndex >= pageCount) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  const pageRows = table.getRowModel().rows;
  const shownRows = useMemo(
    () => (allRows ? filteredRows : pageRows).map((r) => r.original),
    [allRows, filteredRows, pageRows],
  );
  const toFirstPage = () => setPagination((p) => ({ ...p, pageIndex: 0 }));

  return (
    <Stack gap="sm">
      <TableControls
        search={search}
        onSearch={(value) => {
          setSearch(value);
          toFirstPage();
        }}
        status={status}
        onStatus={(value) => {
          setStatus(value);
          toFirstPage();
        }}
        statusCounts={statusCounts}
        shown={filteredRows.length}
        total={rows.length}
        onAddLocations={withPropertyActions ? () => openDialog({ kind: 'addLocations' }) : undefined}
        onAssignMeters={withPropertyActions ? () => openDialog({ kind: 'assignMeters' }) : undefined}
      />
      {isAdmin && rows.length > 0 && <SelectionToolbar {...toolbar} />}
      <TableBody
        state={query}
        total={rows.length}
        table={{
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
        }}
        allRows={allRows}
        pageSize={pagination.pageSize}
        pageIndex={pagination.pageIndex}
        pageCount={pageCount}
        onPageSize={(size) => {
          setAllRows(size === 'all');
          if (size !== 'all') setPagination({ pageIndex: 0, pageSize: size });
        }}
        onPage={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
      />
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
