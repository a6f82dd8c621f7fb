import { Group, Select, TextInput } from '@mantine/core';
import { PAGE_LENGTHS } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { ALL_ROWS, type PageLengthAndSearchState } from './usePagedTable';

type Props = {
  state: PageLengthAndSearchState;
  /** Each table's own words: "All" agrees with what the table lists in some languages. */
  labels: { pageLength: string; all: string; search: string };
};

/** The row above a paged table: the page-length menu (10 … 500, All) and the search box. */
export function PageLengthAndSearch({ state, labels }: Props) {
  return (
    <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
      <Select
        label={labels.pageLength}
        w={120}
        data={PAGE_LENGTHS.map((n) => ({ value: String(n), label: n === ALL_ROWS ? labels.all : String(n) }))}
        value={String(state.pageLength)}
        onChange={(value) => value && state.setPageLength(Number(value))}
        allowDeselect={false}
      />
      <TextInput
        label={labels.search}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={state.search}
        onChange={(event) => state.setSearch(event.currentTarget.value)}
        type="search"
        w={{ base: '100%', xs: 260 }}
      />
    </Group>
  );
}
