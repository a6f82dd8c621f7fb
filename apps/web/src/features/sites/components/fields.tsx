import { Select, type SelectProps, TextInput, type TextInputProps } from '@mantine/core';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanRateInput, formatRate, parseRate } from '../rates';
import { dayEndOptions, timeOptions, weekdayOptions } from '../times';

type RateInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A rate in dollars: digits and one decimal point while typing, two decimals after blur. */
export function RateInput({ value, onChange, onBlur, ...props }: RateInputProps) {
  const [text, setText] = useState(() => formatRate(value));
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      value={text}
      onChange={(event) => {
        const next = cleanRateInput(event.currentTarget.value);
        setText(next);
        onChange(parseRate(next));
      }}
      onBlur={(event) => {
        const formatted = formatRate(parseRate(text));
        setText(formatted);
        onChange(formatted === '' ? undefined : Number(formatted));
        onBlur?.(event);
      }}
    />
  );
}

type TimeSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** The earliest time offered (Day End starts at Day Start). */
  min?: string;
};

/** A time of day on the 15-minute step, 'HH:mm'. */
export function TimeSelect({ value, onChange, min, ...props }: TimeSelectProps) {
  return (
    <Select
      {...props}
      data={min ? dayEndOptions(min) : timeOptions}
      value={value ?? null}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable
      maxDropdownHeight={240}
    />
  );
}

type WeekStartSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (value: number) => void;
  ref?: Ref<HTMLInputElement>;
};

/** Monday = 1 … Sunday = 7, named in the user's language. */
export function WeekStartSelect({ value, onChange, ...props }: WeekStartSelectProps) {
  const { i18n } = useTranslation();
  return (
    <Select
      {...props}
      data={weekdayOptions(i18n.language)}
      value={value === undefined ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
    />
  );
}
