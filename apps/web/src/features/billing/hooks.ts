import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ReadingDecisionRequest, type TariffVersionRequest } from '@portal/contract';
import { client, queryOf, requestFile, type BodyOf } from '../../lib/client';
import { useRefetchingMutation } from '../../lib/mutations';

/** An open stay's statement is running: it is fetched again this often while the page is open. */
const RUNNING_REFRESH_MS = 30_000;

const whileOpen = (data: { status: 'open' | 'closed' } | undefined) =>
  data?.status === 'open' ? RUNNING_REFRESH_MS : false;

const statementQuery = (stayID: number, revision?: number) =>
  queryOf(api.billing.statement, { query: revision ? { stayID, revision } : { stayID } });

/**
 * A stay's statement as the staff see it (its latest revision, or the one asked for), refreshed
 * every 30 s while the stay is open.
 */
export function useStayStatement(stayID: number, revision?: number) {
  return useQuery({
    ...statementQuery(stayID, revision),
    enabled: stayID > 0,
    refetchInterval: (query) => whileOpen(query.state.data),
  });
}

/** The guest's statement by the link's token (no sign-in); a wrong, revoked or expired token answers 404. */
export function usePublicStatement(token: string) {
  return useQuery({
    ...queryOf(api.billing.publicStatement, { query: { token } }),
    enabled: token !== '',
    retry: false,
    refetchInterval: (query) => whileOpen(query.state.data),
  });
}

/** A stay's statement as a PDF: the staff's, with the guest's name. */
export const staffPdf = (stayID: number) => () => requestFile(api.billing.statementPdf, { query: { stayID } });

/** A stay's statement as a PDF by its guest link. */
export const guestPdf = (token: string) => () => requestFile(api.billing.publicStatementPdf, { query: { token } });

/** Revokes a stay's guest link; the statement is then fetched again (it has no link any more). */
export function useRevokeLink() {
  return useRefetchingMutation(
    (stayID: number) => statementQuery(stayID).queryKey,
    async (stayID: number) => (await client.billing.revokeLink({ body: { stayID } })).message,
  );
}

/** A location's readings held back, for staff to confirm or discard. */
export function useHeldBack(locationID: number) {
  return useQuery({ ...queryOf(api.billing.heldBack, { query: { locationID } }), staleTime: 0 });
}

/**
 * Confirms or discards a reading held back; what it changes is fetched again: the held-back
 * readings, the location's history, the statements (a closed stay's is revised).
 */
export function useDecideReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ decision, ...body }: ReadingDecisionRequest & { decision: 'confirm' | 'discard' }) =>
      (await (decision === 'confirm' ? client.billing.confirmReading : client.billing.discardReading)({ body }))
        .message,
    onSuccess: () =>
      Promise.all(
        [api.billing.heldBack.key, api.billing.statement.key, api.locations.history.key].map((key) =>
          queryClient.invalidateQueries({ queryKey: key }),
        ),
      ),
  });
}

/** Issues a new guest link for a stay whose link was revoked; the statement is fetched again (with the new link). */
export function useIssueLink() {
  return useRefetchingMutation(
    (stayID: number) => statementQuery(stayID).queryKey,
    async (stayID: number) => (await client.billing.issueLink({ body: { stayID } })).message,
  );
}

const tariffsQuery = (siteID: number) => queryOf(api.billing.tariffs, { query: { siteID } });

/** A property's tariff versions, newest first; the dialog opens on what the server holds now. */
export function useTariffs(siteID: number) {
  return useQuery({ ...tariffsQuery(siteID), gcTime: 0 });
}

/** A new tariff version of the property; its list is fetched again. */
export function useCreateTariff(siteID: number) {
  return useRefetchingMutation(
    tariffsQuery(siteID).queryKey,
    async (body: TariffVersionRequest) => (await client.billing.createTariff({ body })).message,
  );
}

/**
 * The actual read of a meter at the instant of its estimate, which replaces it; the statement
 * (revised at once) is fetched again. Its answer asks first when the read is below the one before.
 */
export function useReplaceEstimate(stayID: number) {
  return useRefetchingMutation(
    statementQuery(stayID).queryKey,
    async (body: BodyOf<typeof api.meters.addReading>) => (await client.meters.addReading({ body })).result,
  );
}
