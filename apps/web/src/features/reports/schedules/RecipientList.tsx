import { Group, List, Text } from '@mantine/core';
import type { RecipientState, ReportSchedule } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../ui/StatusBadge';

const stateColor: Record<Exclude<RecipientState, 'user'>, string> = { waiting: 'yellow', confirmed: 'green' };

/**
 * A schedule's recipients, one a line; an address outside the business says whether it has
 * confirmed by the link mailed to it (it gets no report before).
 */
export function RecipientList({ schedule }: { schedule: ReportSchedule }) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" spacing={2} aria-label={t('schedules.recipients.list', { name: schedule.reportName })}>
      {schedule.recipientStates.map(({ email, state }) => (
        <List.Item key={email}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {email}
            </Text>
            {state !== 'user' && (
              <StatusBadge color={stateColor[state]}>{t(`schedules.recipients.state.${state}`)}</StatusBadge>
            )}
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
