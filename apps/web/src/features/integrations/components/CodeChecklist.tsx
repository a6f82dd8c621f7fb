import { Checkbox, Stack } from '@mantine/core';
import type { ControllerFieldState, RefCallBack } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../i18n/messages';

/**
 * A required list of codes to tick (a key's scopes, an endpoint's event types), each shown as
 * `code · name` with its one-line hint. The value keeps the list's order, whatever the order of
 * the ticks; the field's reference is the first box, where its error sends the focus.
 */
export function CodeChecklist<C extends string>({
  field,
  fieldState,
  codes,
  text,
  label,
  description,
}: {
  field: { value: C[]; onChange: (value: C[]) => void; ref: RefCallBack };
  fieldState: ControllerFieldState;
  codes: readonly C[];
  text: (code: C) => { name: string; hint: string };
  label: string;
  description: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={label}
      description={description}
      withAsterisk
      value={field.value}
      onChange={(values) => field.onChange(codes.filter((code) => values.includes(code)))}
      error={fieldMessage(t, fieldState.error?.message ?? fieldState.error?.root?.message)}
    >
      <Stack gap="xs" mt="xs">
        {codes.map((code, index) => (
          <Checkbox
            key={code}
            value={code}
            ref={index === 0 ? field.ref : undefined}
            label={`${code} · ${text(code).name}`}
            description={text(code).hint}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
