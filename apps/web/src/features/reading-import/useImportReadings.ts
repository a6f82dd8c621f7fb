import { api, routes } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { featureKey, sendFile, type FileProgress } from '../../lib/api';
import { useRefetchingMutation } from '../../lib/mutations';

const call = api.meters.importReadings;

/** A file of readings to send, how its rows are kept (`valid` or `all`), and where its progress goes. */
export type ImportInput = { file: File; mode: 'valid' | 'all'; onProgress: (progress: FileProgress) => void };

/** Sends the file as CSV whatever type the browser gave it (Windows calls a .csv a spreadsheet). */
const importInto =
  (siteID: number, dryRun: boolean) =>
  ({ file, mode, onProgress }: ImportInput) =>
    sendFile(
      call,
      { query: { siteID, dryRun: dryRun ? 'true' : 'false', mode }, file, type: 'text/csv', onProgress },
      call.result,
    );

/** The preview of a file: every row checked, nothing stored. */
export function usePreviewImport(siteID: number) {
  return useMutation({ mutationFn: importInto(siteID, true) });
}

/** The import itself; the property's locations, whose meters' readings it changed, are fetched again. */
export function useStoreImport(siteID: number) {
  return useRefetchingMutation(featureKey(routes.locations), importInto(siteID, false));
}
