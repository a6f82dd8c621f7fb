import type { Severity } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../ui/StatusBadge';

const colors: Record<Severity, string> = { critical: 'red', warning: 'orange', info: 'blue' };

/** An alert's severity: its colour and its name. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return (
    <StatusBadge color={colors[severity]} data-severity={severity}>
      {t(`alerts.severities.${severity}`)}
    </StatusBadge>
  );
}
