import type { TFunction } from 'i18next';
import type {
  ControllerFieldState,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
  FormState,
  UseFormGetFieldState,
  UseFormRegister,
} from 'react-hook-form';
import { type MessageCode, isMessageCode } from '@portal/contract';
import { ApiError } from '../lib/apiError';
import type { ServerMessage } from '../lib/envelope';

/** A validation message of a form: zod messages are catalogue codes of the contract. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageCode(message) ? t(`msg.${message}`) : message;
}

/** A message the server answered with, in the user's language: by its code, with its parameters. */
function translated(t: TFunction, message: ServerMessage): string {
  return message.code ? t(`msg.${message.code}`, message.params) : message.text;
}

/** What to tell the user about a failed call, in their language. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    return translated(t, { code: error.messageCode, params: error.params, text: error.message });
  }
  return t('msg.serverError');
}

/** The message a successful call answered with, in the user's language; the fallback when it has none. */
export function serverText(t: TFunction, message: ServerMessage | null | undefined, fallback: MessageCode): string {
  return message ? translated(t, message) : t(`msg.${fallback}`);
}

/**
 * The props of a form's registered inputs: `input('email')` is register's props with the field's
 * message translated. Called while rendering, so that the form's errors are watched.
 */
export function inputProps<T extends FieldValues>(
  t: TFunction,
  form: {
    register: UseFormRegister<T>;
    getFieldState: UseFormGetFieldState<NoInfer<T>>;
    formState: FormState<NoInfer<T>>;
  },
) {
  return (name: FieldPath<T>) => ({
    ...form.register(name),
    error: fieldMessage(t, form.getFieldState(name, form.formState).error?.message),
  });
}

/** The props a react-hook-form Controller hands its input, with the field's message translated. */
export function controlledProps<T extends FieldValues, N extends FieldPath<T>>(
  t: TFunction,
  field: ControllerRenderProps<T, N>,
  fieldState: ControllerFieldState,
) {
  const { name, ref, value, onChange, onBlur } = field;
  return { name, ref, value, onChange, onBlur, error: fieldMessage(t, fieldState.error?.message) };
}

/**
 * controlledProps for a Select of ids: the form holds a number (null while none is chosen), the
 * Select its text. `then` follows a pick, with the id picked (to clear what depended on the old one).
 */
export function idSelectProps<T extends FieldValues, N extends FieldPath<T>>(
  t: TFunction,
  field: ControllerRenderProps<T, N>,
  fieldState: ControllerFieldState,
  then?: (id: number | null) => void,
) {
  return {
    ...controlledProps(t, field, fieldState),
    value: field.value ? String(field.value) : null,
    onChange: (value: string | null) => {
      const id = value ? Number(value) : null;
      field.onChange(id);
      then?.(id);
    },
  };
}

/** controlledProps for a MultiSelect of ids: the form holds numbers, the MultiSelect their texts; the list's own error too. */
export function idsSelectProps<T extends FieldValues, N extends FieldPath<T>>(
  t: TFunction,
  field: ControllerRenderProps<T, N>,
  fieldState: ControllerFieldState,
) {
  const ids: number[] = field.value ?? [];
  return {
    ...controlledProps(t, field, fieldState),
    value: ids.map(String),
    onChange: (values: string[]) => field.onChange(values.map(Number)),
    error: fieldMessage(t, fieldState.error?.message ?? fieldState.error?.root?.message),
  };
}
