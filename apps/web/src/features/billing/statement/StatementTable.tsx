import { Group, Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnHeads, type Column } from '../../../ui/ScrollTable';
import classes from './Statement.module.css';

/** A section of the statement: its title (`aside` at its end) and its content. */
export function StatementSection({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/** A table of the statement, stacked where the page is narrow: its caption, column titles, `children` as its rows. */
export function StatementTable({
  caption,
  columns,
  foot,
  children,
}: {
  caption: string;
  columns: Column[];
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.fit}>
      <Table striped withTableBorder verticalSpacing={4} className={classes.stacked}>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeads columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </div>
  );
}
