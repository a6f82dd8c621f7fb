import { Anchor, Button, Checkbox, Group, Table } from '@mantine/core';
import { type AlertDetail, locationPath } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PropertyTime } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';
import { AlertText } from '../alertText';
import { type AlertAction, actionApplies } from '../hooks';
import { AlertStateCell } from './AlertStateCell';
import { SeverityBadge } from './SeverityBadge';

type Props = {
  alerts: AlertDetail[];
  siteNames: ReadonlyMap<number, string>;
  selected: ReadonlySet<number>;
  onSelect: (alertIDs: number[], selected: boolean) => void;
  onAction: (action: AlertAction, alertIDs: number[]) => void;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A page of alerts: selectable, each with its severity, text, property, time, state, location and own actions. */
export function AlertsTable({ alerts, siteNames, selected, onSelect, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const ids = alerts.map((a) => a.alertID);
  const count = ids.filter((id) => selected.has(id)).length;

  return (
    <ScrollTable
      minWidth={1080}
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('alerts.table.label')}
      columns={[
        {
          w: 40,
          label: (
            <Checkbox
              aria-label={t('alerts.table.selectAll')}
              checked={count > 0 && count === ids.length}
              indeterminate={count > 0 && count < ids.length}
              onChange={(e) => onSelect(ids, e.currentTarget.checked)}
            />
          ),
        },
        { label: t('alerts.table.severity') },
        { label: t('alerts.table.alert') },
        { label: t('alerts.table.property') },
        { label: t('alerts.table.raisedAt') },
        { label: t('alerts.table.state') },
        { label: t('alerts.table.location') },
        { label: t('alerts.table.actions') },
      ]}
    >
      {alerts.map((alert) => {
        const textId = `alert-${alert.alertID}-text`;
        const site = alert.siteID === null ? null : (siteNames.get(alert.siteID) ?? text(alert.params.site));
        return (
          <Table.Tr key={alert.alertID} data-alert-id={alert.alertID}>
            <Table.Td>
              <Checkbox
                aria-label={t('alerts.table.selectRow')}
                aria-describedby={textId}
                checked={selected.has(alert.alertID)}
                onChange={(e) => onSelect([alert.alertID], e.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <SeverityBadge severity={alert.severity} />
            </Table.Td>
            <Table.Td id={textId} maw={420} style={{ overflowWrap: 'anywhere' }}>
              <AlertText alert={alert} language={i18n.language} />
            </Table.Td>
            <Table.Td>{site ?? '—'}</Table.Td>
            <Table.Td>
              <PropertyTime iso={alert.createdAt} timeZone={alert.timeZone ?? 'UTC'} />
            </Table.Td>
            <Table.Td>
              <AlertStateCell alert={alert} />
            </Table.Td>
            <Table.Td>
              {alert.siteID !== null && alert.locationID !== null ? (
                <Anchor component={Link} to={locationPath(alert.siteID, text(alert.params.location))} size="sm">
                  {text(alert.params.location) ?? t('alerts.table.showLocations')}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {actionApplies('acknowledge', alert) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-describedby={textId}
                    onClick={() => onAction('acknowledge', [alert.alertID])}
                  >
                    {t('alerts.actions.acknowledge')}
                  </Button>
                )}
                {actionApplies('resolve', alert) && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-describedby={textId}
                    onClick={() => onAction('resolve', [alert.alertID])}
                  >
                    {t('alerts.actions.resolve')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}
