import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  get,
  set,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * How every form is built: react-hook-form checked by a zod schema of the contract (or one made
 * of its rules), each problem a message code on the field of its path.
 */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A form whose fields are the schema's input: it holds what it sends, and a valid form hands over the schema's output. */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(
  schema: z.ZodType<O, I>,
  options: Omit<UseFormProps<I, unknown, O>, 'resolver'>,
): UseFormReturn<I, unknown, O> {
  return useForm<I, unknown, O>({ ...options, resolver: zodResolver(schema) });
}

/**
 * For a form whose fields are not the request's (decimals as typed, a moment as a wall time):
 * checks the request `toRequest` makes of the values against the schema. Its fields have the
 * request's names, so each problem lands on the field of its path (a list's own on its root);
 * `check` adds the form's own rules (or moves a problem). A valid form hands over the request as made.
 */
export function requestResolver<S extends FormSchema, V extends FieldValues>(
  schema: S,
  toRequest: (values: V) => z.input<S>,
  check: (values: V, errors: FieldErrors<V>, request: z.input<S>) => void = () => undefined,
): Resolver<V, unknown, z.input<S>> {
  return async (values) => {
    const request = toRequest(values);
    const errors: FieldErrors<V> = {};
    const checked = await schema.safeParseAsync(request);
    for (const issue of checked.error?.issues ?? []) {
      const path = issue.path.join('.');
      const onList = Array.isArray(get(request, path));
      const at = onList ? `${path}.root` : path;
      if (get(errors, at) === undefined) set(errors, at, { type: issue.code, message: issue.message });
    }
    check(values, errors, request);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: request, errors: {} };
  };
}
