import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ScheduleRequest } from '@portal/contract';
import { client, queryOf } from '../../../lib/client';

const schedulesQuery = (siteID: number) => queryOf(api.schedules.list, { query: { siteID } });
const runsQuery = (id: number) => queryOf(api.schedules.runs, { query: { id } });

/** A property's scheduled reports, each with its next and last run; the dialog opens on what the server holds now. */
export function useSchedules(siteID: number) {
  return useQuery({ ...schedulesQuery(siteID), gcTime: 0 });
}

/** A schedule's runs, newest first. */
export function useScheduleRuns(scheduleID: number) {
  return useQuery({ ...runsQuery(scheduleID), gcTime: 0 });
}

/** Creates or changes a schedule; the property's list is fetched again. */
export function useSaveSchedule(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ScheduleRequest) => (await client.schedules.upsert({ body })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQuery(siteID).queryKey }),
  });
}

/** Deletes a schedule and its runs; the property's list is fetched again. */
export function useDeleteSchedule(siteID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await client.schedules.remove({ query: { id } })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesQuery(siteID).queryKey }),
  });
}
