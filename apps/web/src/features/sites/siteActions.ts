import type { SiteWithStats } from '@portal/contract';

/** What the action menu of a property can ask for; each is one handler. */
export type SiteActions = {
  onReporting: (site: SiteWithStats) => void;
  onSchedules: (site: SiteWithStats) => void;
  onAddLocation: (site: SiteWithStats) => void;
  onAssignMeter: (site: SiteWithStats) => void;
  onManage: (site: SiteWithStats) => void;
  onSettings: (site: SiteWithStats) => void;
  onTariffs: (site: SiteWithStats) => void;
  onAlertThresholds: (site: SiteWithStats) => void;
  onDelete: (site: SiteWithStats) => void;
};
