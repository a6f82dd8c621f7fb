import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type LocationRow, type LocationSort, type PageSizeOption, Role, type StatusFilter } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type SortingState, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ConfirmOptions, useConfirm } from '../../../ui/confirmContext';
import { useLocationsPage } from '../hooks';
import { cachedRows, type PageInput, pageQuery } from '../tableCache';
import type { LocationsSite } from '../site';
import { useRole } from '../../../lib/session/useRole';
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
/** The search is sent once the typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SORT = { id: 'description', desc: false };

type Props = {
  site: LocationsSite;
  /** Add Location and Assign Meter buttons above the table (a page of its own has no property menu). */
  withPropertyActions?: boolean;
};

/**
 * The locations table of one property (properties screen 5), a page at a time: the server
 * searches, filters by status, sorts and pages, and reads meters and usage for the rows shown
 * only, so that a property of thousands of locations answers in a few kilobytes. While the
 * next page loads the rows before stay. Rows re-render only when their own data changes (live
 * updates included); the 'All' page size shows every row in a virtualized scrolling box.
 */
export function LocationsTable({ site, withPropertyActions = false }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const isAdmin = useRole() === Role.Administrator;
  const siteId = site.siteID;

  // a link to one location (an alert's mail) opens the table searched for it
  const [linked] = useSearchParams();
  const [search, setSearch] = useState(() => linked.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const filter = { search: debouncedSearch, status };
  const [sorting, setSorting] = useState<SortingState>([DEFAULT_SORT]);
  const [pageSize, setPageSize] = useState<PageSizeOption>('25');
  // the page is of the search and status it was chosen with: another search starts on the first page
  const filterKey = `${filter.search}\u0000${status ?? ''}`;
  const [paging, setPaging] = useState({ pageIndex: 0, filterKey });
  const pageIndex = paging.filterKey === filterKey ? paging.pageIndex : 0;
  const setPageIndex = (index: number) => setPaging({ pageIndex: index, filterKey });

  const sort = sorting[0] ?? DEFAULT_SORT;
  const input: PageInput = useMemo(
    () => ({
      search: debouncedSearch,
      ...(status ? { status } : {}),
      sort: sort.id as LocationSort,
      dir: sort.desc ? 'desc' : 'asc',
      pageIndex: pageSize === 'all' ? 0 : pageIndex,
      pageSize,
    }),
    [debouncedSearch, status, sort.id, sort.desc, pageIndex, pageSize],
  );
  const query = useLocationsPage(siteId, input);
  const page = query.data;
  const rows = page?.rows ?? EMPTY;
  const loading = query.isPlaceholderData;

  // Asked beyond the last page (fewer rows after a move, a deletion): the server answered the last there is.
  const answeredPage = query.isPlaceholderData ? null : page;
  useEffect(() => {
    if (!answeredPage || input.pageSize === 'all' || answeredPage.pageIndex === input.pageIndex) return;
    queryClient.setQueryData(pageQuery(siteId, { ...input, pageIndex: answeredPage.pageIndex }).queryKey, answeredPage);
    setPaging({ pageIndex: answeredPage.pageIndex, filterKey });
  }, [answeredPage, input, queryClient, siteId, filterKey]);

  const [dialog, setDialog] = useState<(DialogState & { opened?: LocationRow }) | null>(null);
  const opener = useRef<FocusTarget | null>(null);
  const openDialog = (next: DialogState, locationId?: number) => {
    opener.current = focusTargetNow(locationId);
    setDialog({ ...next, opened: rows.find((r) => r.locationID === locationId) });
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
    data: rows,
    columns: columnDefs,
    state: { sorting },
    getRowId: (r) => String(r.locationID),
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  });

  const { selectedIds, select, forget, clear, toolbar } = useSelection({
    siteId,
    rows,
    counts: page?.selectable ?? null,
    filter,
    onMove: (selection, count, locationIds) => {
      // the ticked rows' names, when the table has seen them all
      const known = new Map(cachedRows(queryClient, siteId).map((r) => [r.locationID, r]));
      const named = locationIds.flatMap((id) => known.get(id) ?? []);
      const all = named.length === count;
      openDialog({ kind: 'moveSelection', selection, count, rows: all ? named : [] });
    },
  });

  /** Shows the page holding a location, when the search and status show it at all. */
  const locate = async (locationId: number) => {
    const located = pageQuery(siteId, { ...input, locationID: locationId });
    const found = await queryClient.fetchQuery({ ...located, staleTime: 0 });
    queryClient.removeQueries({ queryKey: located.queryKey, exact: true });
    if (!found.rows.some((r) => r.locationID === locationId)) return false;
    queryClient.setQueryData(pageQuery(siteId, { ...input, pageIndex: found.pageIndex }).queryKey, found);
    setPageIndex(found.pageIndex);
    return true;
  };
  const { highlighted, highlight } = useHighlight(locate);
  const { dispatch, refreshingId } = useRowActions({ siteId, select, forget, openDialog, confirmFor, highlight });
  const { columns, labels } = useVisibleColumns(isAdmin);

  const total = page?.total ?? 0;
  const pageCount = pageSize === 'all' ? 1 : Math.ceil(total / Number(pageSize));

  return (
    <Stack gap="sm">
      <TableControls
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        statusCounts={page?.statusCounts ?? null}
        shown={total}
        total={page?.propertyTotal ?? 0}
        onAddLocations={withPropertyActions ? () => openDialog({ kind: 'addLocations' }) : undefined}
        onAssignMeters={withPropertyActions ? () => openDialog({ kind: 'assignMeters' }) : undefined}
      />
      {isAdmin && (page?.propertyTotal ?? 0) > 0 && <SelectionToolbar {...toolbar} />}
      <TableBody
        state={query}
        total={page?.propertyTotal ?? 0}
        table={{
          rows,
          label: t('locations.table.label', { property: site.sitePublicName }),
          columns,
          labels,
          sorting,
          onSort: (id) => table.getColumn(id)?.toggleSorting(),
          selected: selectedIds,
          highlighted,
          refreshingId,
          isAdmin,
          dispatch,
          timeZone: site.timeZone,
        }}
        pageSize={pageSize}
        pageIndex={pageIndex}
        pageCount={pageCount}
        loading={loading}
        onPageSize={(size) => {
          setPageSize(size);
          setPageIndex(0);
        }}
        onPage={setPageIndex}
      />
      <LocationDialogs
        site={site}
        rows={rows}
        dialog={dialog}
        onClose={closeDialog}
        onDone={(locationIds) => {
          if (dialog?.kind === 'moveSelection') clear();
          if (dialog?.kind === 'move') forget(dialog.locationId);
          if (locationIds[0] !== undefined) highlight(locationIds[0]);
        }}
      />
    </Stack>
  );
}
