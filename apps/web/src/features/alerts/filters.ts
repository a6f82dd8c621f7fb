import {
  ALERT_STATES,
  ALERT_TYPES,
  ALERTS_PAGE_SIZES,
  type AlertState,
  type AlertsQuery,
  type AlertType,
} from '@portal/contract';

/**
 * What the Alerts page shows, as its address keeps it (`/Alerts?siteID=3&state=open`), so that
 * a link or a reload opens the same list. Names are read case-insensitively; a value that is
 * not one of the page's is ignored.
 */
export type AlertFilters = {
  siteID: number | null;
  /** '' is every alert not resolved yet. */
  state: AlertState | '';
  type: AlertType | '';
  page: number;
  pageSize: number;
};

const DEFAULT_PAGE_SIZE = 50;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | '' =>
  values.find((v) => v === value) ?? '';

function positive(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function filtersOf(params: URLSearchParams): AlertFilters {
  const read = new Map([...params].map(([key, value]) => [key.toLowerCase(), value]));
  const pageSize = positive(read.get('pagesize'));
  return {
    siteID: positive(read.get('siteid')),
    state: oneOf(ALERT_STATES, read.get('state')),
    type: oneOf(ALERT_TYPES, read.get('type')),
    page: positive(read.get('page')) ?? 1,
    pageSize: ALERTS_PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address's search of the filters: what is at its default is left out. */
export function searchOf(filters: AlertFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.siteID) params.set('siteID', String(filters.siteID));
  if (filters.state) params.set('state', filters.state);
  if (filters.type) params.set('type', filters.type);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(filters.pageSize));
  return params;
}

/** The list call's query of the filters: every filter left empty is not sent. */
export function alertsQueryOf(filters: AlertFilters): AlertsQuery {
  return {
    ...(filters.siteID ? { siteID: filters.siteID } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
