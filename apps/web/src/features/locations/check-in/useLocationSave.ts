import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, hasFieldErrors } from '../../../lib/formErrors';
import { toastFailure, toastSaved, toastStatusError } from '../feedback';
import type { LocationFormValues } from './locationForm';

/** The fields the server may name in its answer to a save. */
const SERVER_FIELDS = [
  'locationDescription',
  'billingAccountNumber',
  'locationType',
  'locationPublicName',
  'autoCheckout',
] as const;

/**
 * What every save of a location's dialogs does with its answer: saved (or saved with the meters
 * yet to confirm), the rows highlighted and the dialog closed; refused, the server's field errors
 * on their fields. A failed check-in always says why under its status; a failed edit says why
 * when no field does.
 */
export function useLocationSave(
  checkIn: boolean,
  {
    onDone,
    onClose,
    setError,
  }: { onDone: () => void; onClose: () => void; setError: UseFormSetError<LocationFormValues> },
) {
  const { t } = useTranslation();
  return {
    onSuccess: (answer: { statusCode: number }) => {
      if (checkIn) toastSaved(t, answer.statusCode, 'checkInSuccess', 'checkInPending');
      else toastSaved(t, answer.statusCode, 'locationUpdated', 'locationUpdatePending');
      onDone();
      onClose();
    },
    onError: (error: unknown) => {
      const onFields = hasFieldErrors(error, SERVER_FIELDS);
      if (onFields) applyFieldErrors(error, setError, [...SERVER_FIELDS]);
      if (checkIn) toastStatusError(t, error, 'checkInFailed');
      else if (!onFields) toastFailure(t, error, 'locationUpdateFailed', 'locationUpdateFailed');
    },
  };
}
