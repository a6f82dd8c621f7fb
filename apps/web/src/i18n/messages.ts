import type { TFunction } from 'i18next';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { type MessageCode, isMessageCode } from '@portal/contract';
import { ApiError, messageCodeOfText } from '../lib/apiError';

/** A validation message of a form: zod messages are catalogue codes of the contract. */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageCode(message) ? t(`msg.${message}`) : message;
}

/** What to tell the user about a failed call, in their language when the server's text is known. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.messageCode;
    return code ? t(`msg.${code}`) : error.message;
  }
  return t('msg.serverError');
}

/** A text the server answered with (a result or message): in the user's language when it is a catalogue text. */
export function serverText(t: TFunction, text: string | null | undefined, fallback: MessageCode): string {
  const code = text ? messageCodeOfText(text) : null;
  if (code) return t(`msg.${code}`);
  return text || t(`msg.${fallback}`);
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
