import { Accordion } from '@mantine/core';
import { Role, type RoleId, type SiteWithStats } from '@portal/contract';
import { useState } from 'react';
import type { SiteActions } from '../siteActions';
import { IntegrationsBadge } from './IntegrationsBadge';
import { MonitoringSwitch } from './MonitoringSwitch';
import { OpenAlertsLink } from './OpenAlertsLink';
import { SiteActionsMenu } from './SiteActionsMenu';
import classes from './SiteAccordion.module.css';
import { LocationCounts } from '../../../ui/LocationCounts';
import { SiteLocationsFrame } from './SiteLocationsFrame';

type Props = { sites: readonly SiteWithStats[]; role: RoleId; actions: SiteActions };

/**
 * Properties as an accordion. Only an open property renders its body, so a long list
 * costs one header per property.
 */
export function SiteAccordion({ sites, role, actions }: Props) {
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <Accordion multiple variant="separated" radius="md" value={opened} onChange={setOpened} chevronPosition="left">
      {sites.map((site) => {
        const value = String(site.siteID);
        return (
          <Accordion.Item key={site.siteID} value={value}>
            <SiteHeader site={site} role={role} actions={actions} />
            <Accordion.Panel>{opened.includes(value) && <SiteLocationsFrame site={site} />}</Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

function address(site: SiteWithStats): string {
  return [
    site.physicalAddrLine1,
    site.physicalAddrLine2,
    site.physicalCity,
    `${site.fk_PhysicalStateName} ${site.physicalZip}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function SiteHeader({ site, role, actions }: { site: SiteWithStats; role: RoleId; actions: SiteActions }) {
  const isAdmin = role === Role.Administrator;
  const nameId = `site-${site.siteID}-name`;
  const detailsId = `site-${site.siteID}-details`;
  return (
    <div className={classes.header}>
      <Accordion.Control className={classes.control} aria-labelledby={nameId} aria-describedby={detailsId}>
        <span className={classes.title}>
          <span id={nameId} className={classes.name}>
            {site.sitePublicName}
          </span>
          <span id={detailsId} className={classes.title}>
            {isAdmin && <span className={classes.address}>{address(site)}</span>}
            <span className={classes.counts}>
              <LocationCounts counts={site} />
            </span>
          </span>
        </span>
      </Accordion.Control>
      <div className={classes.side}>
        <OpenAlertsLink site={site} describedBy={nameId} />
        <IntegrationsBadge site={site} />
        {isAdmin && <MonitoringSwitch site={site} />}
        <SiteActionsMenu site={site} role={role} actions={actions} />
      </div>
    </div>
  );
}
