import { Alert, List, Text } from '@mantine/core';
import { revisionReasonMessages, type PublicStatement, type StatementChange } from '@portal/contract';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoney } from '../../../lib/decimals';
import { propertyTimeText } from '../../../ui/PropertyTime';

/** A figure that changed, in the statement's units: money for amounts and the total, a number otherwise. */
function changeText(t: TFunction, s: PublicStatement, c: StatementChange, language: string): string {
  if (c.field === 'estimated')
    return t(c.after === null ? 'billing.revision.change.estimatedReplaced' : 'billing.revision.change.estimatedNow', {
      item: c.item,
    });
  const value = (v: string | null) =>
    v === null
      ? '—'
      : c.field === 'amount' || c.field === 'total'
        ? formatMoney(v, s.currency, language)
        : formatDecimal(v, language);
  return t(`billing.revision.change.${c.field}`, { item: c.item, before: value(c.before), after: value(c.after) });
}

/**
 * What the guest and the staff are told of a statement that is not simply as check-out froze it:
 * an estimated reading (prominently, as 16 TAC 25.25(c)(6) asks), a later revision (its number,
 * date, reason and the figures that changed), and readings still under review, which a revision
 * may yet change.
 */
export function RevisionNotice({ statement: s }: { statement: PublicStatement }) {
  const { t, i18n } = useTranslation();
  const underReview = s.meters.reduce((n, m) => n + m.underReview, 0);
  const estimated = s.meters.some((m) => m.openingEstimated || m.closingEstimated);
  return (
    <>
      {estimated && (
        <Alert
          variant="filled"
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('billing.statement.estimated')}
          data-estimated
        >
          {t('billing.statement.estimatedNotice')}
        </Alert>
      )}
      {s.revision > 1 && s.revisedAt !== null && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconHistory size={18} aria-hidden />}
          title={t('billing.revision.title', {
            revision: s.revision,
            date: propertyTimeText(s.revisedAt, s.timeZone, i18n.language),
          })}
          data-revision={s.revision}
        >
          {s.revisionReason && <Text size="sm">{t(`msg.${revisionReasonMessages[s.revisionReason]}`)}</Text>}
          {s.changes.length > 0 && (
            <List size="sm" mt={4} aria-label={t('billing.revision.changes')}>
              {s.changes.map((c) => (
                <List.Item key={`${c.item} ${c.field}`}>{changeText(t, s, c, i18n.language)}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {underReview > 0 && (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-under-review>
          {t('billing.revision.underReview', { count: underReview })}
        </Alert>
      )}
    </>
  );
}
