import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import type { StayStatement } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/decimals';
import { propertyTimeText } from '../../../ui/PropertyTime';
import classes from './Statement.module.css';

/**
 * The staff's list of a statement's revisions, newest first: when and why each was made and its
 * total, each opening that revision; the one shown is marked. Shown once there is more than one.
 */
export function Revisions({ statement: s }: { statement: StayStatement }) {
  const { t, i18n } = useTranslation();
  if (s.revisions.length < 2) return null;
  const latest = s.revisions[0]!.revision;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-revisions">
      <Title order={2} size="h4" mb="xs" id="statement-revisions">
        {t('billing.revision.list')}
      </Title>
      {s.revision !== latest && (
        <Text size="sm" mb="xs" role="status">
          {t('billing.revision.older', { revision: s.revision, latest })}{' '}
          <Anchor component={Link} to={`/Statement/${s.stayID}`} className={classes.noPrint}>
            {t('billing.revision.showLatest')}
          </Anchor>
        </Text>
      )}
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {s.revisions.map((r) => {
            const label = t('billing.revision.number', { revision: r.revision });
            return (
              <Table.Tr key={r.revision} aria-current={r.revision === s.revision ? 'true' : undefined}>
                <Table.Th scope="row" fw={r.revision === s.revision ? 700 : 500}>
                  {r.revision === s.revision ? (
                    label
                  ) : (
                    <Anchor
                      component={Link}
                      to={
                        r.revision === latest
                          ? `/Statement/${s.stayID}`
                          : `/Statement/${s.stayID}?revision=${r.revision}`
                      }
                    >
                      {label}
                    </Anchor>
                  )}
                </Table.Th>
                <Table.Td>
                  <Text size="sm">
                    {r.revisedAt === null
                      ? t('billing.revision.atCheckOut')
                      : propertyTimeText(r.revisedAt, s.timeZone, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(r.total, s.currency, i18n.language)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
