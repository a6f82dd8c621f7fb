import { useQuery } from '@tanstack/react-query';
import { api, type ScheduleRequest } from '@portal/contract';
import { client, queryOf } from '../../../lib/client';
import { useRefetchingMutation, useStoringMutation } from '../../../lib/mutations';

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
  return useRefetchingMutation(
    schedulesQuery(siteID).queryKey,
    async (body: ScheduleRequest) => (await client.schedules.upsert({ body })).result,
  );
}

/** Deletes a schedule and its runs; the property's list is fetched again. */
export function useDeleteSchedule(siteID: number) {
  return useRefetchingMutation(
    schedulesQuery(siteID).queryKey,
    async (id: number) => (await client.schedules.remove({ query: { id } })).message,
  );
}

const invitationQuery = (token: string) => queryOf(api.schedules.recipient, { query: { token } });

/** What an outside recipient's confirmation link names (no sign-in); a wrong or expired link answers 404. */
export function useRecipientInvitation(token: string) {
  return useQuery({ ...invitationQuery(token), enabled: token !== '', retry: false });
}

/** The outside recipient confirms; the page shows the answer. */
export function useConfirmRecipient(token: string) {
  return useStoringMutation(
    invitationQuery(token).queryKey,
    async () => (await client.schedules.confirmRecipient({ body: { token } })).result,
  );
}
