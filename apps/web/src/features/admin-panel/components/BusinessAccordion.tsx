import { Accordion, ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BusEntityWithSites } from '@portal/contract';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { SiteAccordion, type SiteActions, SitesLoadFailed, SitesSkeleton, useBusinessSites } from '../../sites';
import { useRole } from '../../../lib/session/useRole';
import classes from './BusinessAccordion.module.css';

type Props = {
  businesses: readonly BusEntityWithSites[];
  keyword: string;
  siteActions: SiteActions;
  onAddProperty: (busEntityID: number) => void;
  onRename: (business: BusEntityWithSites) => void;
};

/**
 * Business entities, each expanding to its properties. A search that matched a property
 * name opens that business; otherwise the user opens what they need.
 */
export function BusinessAccordion({ businesses, keyword, siteActions, onAddProperty, onRename }: Props) {
  const [toggled, setToggled] = useState<{ keyword: string; opened: string[] } | null>(null);
  const opened =
    toggled?.keyword === keyword
      ? toggled.opened
      : keyword
        ? businesses.filter((b) => b.anySiteContains).map((b) => String(b.busEntityID))
        : [];

  return (
    <Accordion
      multiple
      variant="separated"
      radius="md"
      chevronPosition="left"
      value={opened}
      onChange={(next) => setToggled({ keyword, opened: next })}
    >
      {businesses.map((business) => {
        const value = String(business.busEntityID);
        return (
          <Accordion.Item key={business.busEntityID} value={value}>
            <BusinessHeader business={business} onRename={onRename} />
            <Accordion.Panel>
              {opened.includes(value) && (
                <BusinessSites
                  business={business}
                  keyword={keyword}
                  siteActions={siteActions}
                  onAddProperty={onAddProperty}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

function BusinessHeader({
  business,
  onRename,
}: {
  business: BusEntityWithSites;
  onRename: (business: BusEntityWithSites) => void;
}) {
  const { t } = useTranslation();
  const nameId = `business-${business.busEntityID}-name`;
  return (
    <div className={classes.header}>
      <Accordion.Control className={classes.control} aria-labelledby={nameId}>
        <span className={classes.title}>
          <span id={nameId} className={classes.name}>
            {business.legalName}
          </span>
          <Badge component="span" variant="light" color="gray" radius="sm" tt="none">
            {t('adminPanel.propertyCount', { count: business.sites.length })}
          </Badge>
        </span>
      </Accordion.Control>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('adminPanel.renameOf', { name: business.legalName })}
        onClick={() => onRename(business)}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </div>
  );
}

/**
 * The properties of an open business, with their counts. When the search matched property
 * names and not the business name, only the matching properties are listed.
 */
function BusinessSites({
  business,
  keyword,
  siteActions,
  onAddProperty,
}: {
  business: BusEntityWithSites;
  keyword: string;
  siteActions: SiteActions;
  onAddProperty: (busEntityID: number) => void;
}) {
  const { t } = useTranslation();
  const role = useRole();
  const sites = useBusinessSites(business.busEntityID);
  const needle = keyword.trim().toLowerCase();
  const onlyMatches = needle !== '' && business.anySiteContains && !business.legalName.toLowerCase().includes(needle);
  const shown = onlyMatches
    ? sites.data?.filter((site) => site.sitePublicName.toLowerCase().includes(needle))
    : sites.data;
  const addButton = (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => onAddProperty(business.busEntityID)}
      aria-label={t('adminPanel.addPropertyTo', { name: business.legalName })}
    >
      {t('sites.addProperty')}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {onlyMatches ? t('adminPanel.matchingProperties', { keyword: keyword.trim() }) : null}
        </Text>
        {sites.data && sites.data.length > 0 && addButton}
      </Group>
      {sites.isPending && <SitesSkeleton rows={Math.min(Math.max(business.sites.length, 1), 3)} />}
      {sites.isError && <SitesLoadFailed error={sites.error} onRetry={() => void sites.refetch()} />}
      {sites.data?.length === 0 && (
        <EmptyState title={t('adminPanel.noProperties.title')} text={t('adminPanel.noProperties.text')}>
          {addButton}
        </EmptyState>
      )}
      {shown && shown.length > 0 && <SiteAccordion sites={shown} role={role} actions={siteActions} />}
    </Stack>
  );
}
