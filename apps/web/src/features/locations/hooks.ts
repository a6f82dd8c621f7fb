import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type BulkLocationEntry,
  type ControlMessage,
  type LocationSelection,
  type LocationsPage,
  type MeterAssignment,
  type MeterMaxRateRequest,
  type StayReadingInput,
} from '@portal/contract';
import { featureKey } from '../../lib/api';
import { type BodyOf, client, queryOf } from '../../lib/client';
import { afterLocationChange, changeEnded, changesOf, type PageInput, pageQuery, patchRows } from './tableCache';
import { useRefetchingMutation } from '../../lib/mutations';

/** Query and mutation hooks of the locations area: one per call of properties section 7. */

const REFERENCE_STALE_MS = 60 * 60_000;

/**
 * One page of a property's table, usage included, as the server searched, filtered, sorted
 * and paged it. While the next page loads, the one before stays on screen (of the same property).
 */
export function useLocationsPage(siteId: number, input: PageInput) {
  return useQuery({
    ...pageQuery(siteId, input),
    placeholderData: (previous: LocationsPage | undefined, before) =>
      before?.queryKey[2] && (before.queryKey[2] as { query: { siteID: number } }).query.siteID === siteId
        ? previous
        : undefined,
  });
}

/** The open stay of a checked-in location: its guest, and its meters' usage so far. */
export function useCurrentStay(locationId: number, enabled = true) {
  return useQuery({
    ...queryOf(api.stays.current, { query: { locationID: locationId } }),
    enabled,
    staleTime: 0,
  });
}

export function useLocationTypes() {
  return useQuery({
    ...queryOf(api.lookups.locationTypes),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useStayHistory(locationId: number) {
  return useQuery({
    ...queryOf(api.locations.history, { query: { locationID: locationId } }),
    staleTime: 0,
  });
}

export function useMeterStock(locationId: number) {
  return useQuery({
    ...queryOf(api.meters.stockOptions, { query: { locationId } }),
    staleTime: 0,
  });
}

export function useAssignableMeters(siteId: number, enabled: boolean) {
  return useQuery({
    ...queryOf(api.meters.assignable, { query: { siteID: siteId } }),
    enabled,
    staleTime: 0,
  });
}

export function useBusinessLookup(enabled: boolean) {
  return useQuery({
    ...queryOf(api.businesses.lookup),
    enabled,
  });
}

export function useSitesOfBusiness(busEntityId: number | null) {
  return useQuery({
    ...queryOf(api.sites.lookupOfBusiness, { query: { busEntityID: busEntityId ?? 0 } }),
    enabled: busEntityId !== null,
  });
}

export function useGuestSearch(search: string, enabled: boolean) {
  return useQuery({
    ...queryOf(api.stays.guests, { query: { search } }),
    enabled,
    staleTime: 60_000,
  });
}

export async function fetchControlMessage(servicePointId: number, messageId: number): Promise<ControlMessage> {
  return (await client.devices.command({ query: { servicePointId, messageId } })).result;
}

export function useMeterInventory(search: string, page: number, pageSize: number) {
  return useQuery({
    ...queryOf(api.meters.inventory, { query: { search, page, pageSize } }),
    placeholderData: (previous) => previous,
  });
}

// ---------------------------------------------------------------- changes

/**
 * A mutation that refreshes the named rows (or the whole table) of the property when it
 * succeeds; meanwhile the live hub leaves the property's pages to it (its key, `changesOf`).
 */
function useSiteMutation<I, O>(
  siteId: number,
  fn: (input: I) => Promise<O>,
  rowsOf: (input: I, output: O) => number[] | 'all',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changesOf(siteId),
    mutationFn: fn,
    onSuccess: (output, input) => afterLocationChange(queryClient, siteId, rowsOf(input, output)),
    onSettled: () => changeEnded(queryClient, siteId),
  });
}

export function useCreateLocations(siteId: number) {
  return useSiteMutation(
    siteId,
    async (rows: BulkLocationEntry[]) => (await client.locations.createMany({ body: rows })).result,
    () => 'all',
  );
}

export type LocationEdit = {
  locationID: number;
  locationDescription: string;
  billingAccountNumber: string | null;
  locationPublicName: string;
  locationType?: number | null;
};

export function useUpdateLocation(siteId: number) {
  return useSiteMutation(
    siteId,
    async ({ limited, ...edit }: LocationEdit & { limited: boolean }) => {
      if (limited) {
        const { locationType: _type, ...basics } = edit;
        return client.locations.editBasics({ body: basics });
      }
      return client.locations.edit({ body: edit });
    },
    (input) => [input.locationID],
  );
}

/** What the check-in and edit dialog sends: the body of the edit with services, or of a check-in (its check-out time then required). */
export type ServicesBody = BodyOf<typeof api.stays.editWithServices>;

/**
 * A check-in (`checkIn`) or the edit with services. Check-in, check-out and the edit answer 410
 * when saved but the meters did not confirm in time.
 */
export function useSaveWithServices(siteId: number, checkIn: boolean) {
  return useSiteMutation(
    siteId,
    ({ autoCheckoutDateTime, readings, ...body }: ServicesBody & { readings?: StayReadingInput[] }) =>
      checkIn
        ? // without a check-out time the server answers the field error the dialog shows
          client.stays.checkIn({ body: { ...body, autoCheckoutDateTime: autoCheckoutDateTime ?? '', readings } })
        : client.stays.editWithServices({ body: { ...body, autoCheckoutDateTime } }),
    (input) => [input.locationID],
  );
}

/** Checks a guest out, with the closing readings of meters read by hand or gone silent when taken. */
export function useCheckOut(siteId: number) {
  return useSiteMutation(
    siteId,
    ({ locationID, readings }: { locationID: number; readings: StayReadingInput[] }) =>
      client.stays.checkOut({ query: { locationID }, body: readings.length ? { readings } : {} }),
    ({ locationID }) => [locationID],
  );
}

export function useRetryRelays(siteId: number) {
  return useSiteMutation(
    siteId,
    (locationID: number) => client.stays.retryRelays({ body: { locationID } }),
    (locationID) => [locationID],
  );
}

export function useToggleDeleted(siteId: number) {
  return useSiteMutation(
    siteId,
    async (locationID: number) => (await client.locations.toggleDeleted({ body: { locationID } })).result,
    (locationID) => [locationID],
  );
}

export function useEraseLocation(siteId: number) {
  return useSiteMutation(
    siteId,
    (locationId: number) => client.locations.remove({ query: { locationId } }),
    () => 'all',
  );
}

export function useMoveLocation(siteId: number) {
  return useSiteMutation(
    siteId,
    (move: { LocationID: number; SiteId: number }) => client.locations.move({ body: move }),
    () => 'all',
  );
}

/** The toolbar's Move Location: every selected location, across pages, the server choosing them. */
export function useMoveSelection(siteId: number) {
  return useSiteMutation(
    siteId,
    (body: { selection: LocationSelection; SiteId: number }) => client.locations.moveSelection({ body }),
    () => 'all',
  );
}

export function useAddMeter(siteId: number) {
  return useSiteMutation(
    siteId,
    (a: MeterAssignment) => client.meters.assign({ body: a }),
    (a) => [a.fk_LocationID],
  );
}

export function useAssignMeters(siteId: number) {
  return useSiteMutation(
    siteId,
    (list: MeterAssignment[]) => client.meters.assignMany({ body: list }),
    (list) => [...new Set(list.map((a) => a.fk_LocationID))],
  );
}

export function useRemoveMeter(siteId: number) {
  return useSiteMutation(
    siteId,
    (a: MeterAssignment) => client.meters.unassign({ body: a }),
    (a) => [a.fk_LocationID],
  );
}

export function useManualReading(siteId: number, locationId: number) {
  return useSiteMutation(
    siteId,
    async (body: {
      servicePointID: number;
      reset?: boolean;
      kwHTotal?: string;
      totalGallons?: string;
      overrideConfirmation: boolean;
    }) => (await client.meters.addReading({ body })).result,
    (_input, output) => (output.overrideConfirmation ? [] : [locationId]),
  );
}

export function useSetMonitoring(siteId: number) {
  return useSiteMutation(
    siteId,
    (changes: Array<{ LocationId: number; ServicePointID: number; ExcludeFromMonitoring: boolean }>) =>
      changes.length === 1
        ? client.meters.setMonitoring({ body: changes[0]! })
        : client.meters.setMonitoringMany({ body: changes }),
    (changes) => [...new Set(changes.map((c) => c.LocationId))],
  );
}

export function useSendControl(siteId: number, locationId: number) {
  return useSiteMutation(
    siteId,
    async (body: { servicePointId: number; requestedState: 0 | 1 }) =>
      (await client.devices.sendCommand({ body })).result,
    () => [locationId],
  );
}

/** The toolbar's On and Off: the meters of the selection's type at every selected location; answers a message id a meter. */
export function useSwitchSelection(siteId: number) {
  return useSiteMutation(
    siteId,
    async (body: { selection: LocationSelection; requestedState: 0 | 1 }) =>
      (await client.locations.switchSelection({ body })).result,
    (input) => input.selection.locationIDs ?? [],
  );
}

/** The toolbar's Monitoring menu: the meters of the selection's type at every selected location. */
export function useMonitorSelection(siteId: number) {
  return useSiteMutation(
    siteId,
    (body: { selection: LocationSelection; ExcludeFromMonitoring: boolean }) =>
      client.locations.monitorSelection({ body }),
    (input) => input.selection.locationIDs ?? [],
  );
}

export function useRefreshUsage(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locationID: number) => (await client.locations.usage({ query: { locationID } })).result,
    onSuccess: (usage) => {
      const byMeter = new Map(usage.servicePoints.map((sp) => [sp.servicePointID, sp.usage]));
      patchRows(queryClient, siteId, (rows) =>
        rows.map((row) =>
          row.locationID !== usage.locationID
            ? row
            : {
                ...row,
                servicePoints: row.servicePoints.map((sp) =>
                  byMeter.has(sp.servicePointID) ? { ...sp, usage: byMeter.get(sp.servicePointID) ?? null } : sp,
                ),
              },
        ),
      );
    },
  });
}

/** A meter's own maximum rate, or its type's again (null); the inventory is fetched again. */
export function useSetMaxRate() {
  return useRefetchingMutation(
    api.meters.inventory.key,
    async (body: MeterMaxRateRequest) => (await client.meters.setMaxRate({ body })).message,
  );
}

export function useCreateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      servicePointName: string;
      deviceKey?: string;
      readByHand: boolean;
      fk_DeviceTypeId: number;
    }) => client.meters.create({ body }),
    // The inventory, a location's stock options and the meters to assign are all the meters' calls.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: featureKey(api.meters) });
      void queryClient.invalidateQueries({ queryKey: featureKey(api.sites) });
    },
  });
}
