import { Badge, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ImportReport } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../ui/Fact';
import { Pager } from '../../ui/Pager';
import { ColumnHeads } from '../../ui/ScrollTable';
import { findingsOf } from './findings';

/** Lines shown a page at a time: a file of 100,000 rows may have as many. */
const PAGE = 50;

/** What an import found (or a preview would store): its counts, then its refusals and warnings by line, paged. */
export function ImportFindings({ report, stored }: { report: ImportReport; stored: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const findings = findingsOf(report);
  const number = new Intl.NumberFormat(i18n.language);
  const shown = findings.slice((page - 1) * PAGE, page * PAGE);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        <Fact label={t('readingImport.rows')}>{number.format(report.rows)}</Fact>
        <Fact label={t(stored ? 'readingImport.stored' : 'readingImport.toStore')}>
          {number.format(report.accepted)}
        </Fact>
        <Fact label={t('readingImport.warnings')}>{number.format(report.warnings.length)}</Fact>
        <Fact label={t('readingImport.refused')}>{number.format(report.refused.length)}</Fact>
      </SimpleGrid>
      {findings.length === 0 ? (
        <Text>{t('readingImport.noFindings')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <VisuallyHidden component="caption">{t('readingImport.findings')}</VisuallyHidden>
              <ColumnHeads
                columns={[
                  { label: t('readingImport.line'), figure: true, w: 80 },
                  { label: t('readingImport.outcome'), w: 120 },
                  { label: t('readingImport.message') },
                ]}
              />
              <Table.Tbody>
                {shown.map((f, i) => (
                  <Table.Tr key={`${f.line}-${i}`}>
                    <Table.Td ta="right">{number.format(f.line)}</Table.Td>
                    <Table.Td>
                      <Badge color={f.refused ? 'red' : 'yellow'} variant="light">
                        {t(f.refused ? 'readingImport.refusal' : 'readingImport.warning')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t(`msg.${f.code}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {findings.length > PAGE && (
            <Group justify="center">
              <Pager total={Math.ceil(findings.length / PAGE)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
