import type { TFunction } from 'i18next';
import type {
  DateRangeFilter,
  TransactionExportColumn,
  TransactionsExportRequest,
  TransactionTab,
} from '@portal/contract';

export type DateRangeFilterId = (typeof DateRangeFilter)[keyof typeof DateRangeFilter];

/** What the user sees of a tab: the tab, History's date filter and the search box's text. */
export type TabView = { tab: TransactionTab; filter: DateRangeFilterId; search: string };

/** The export of the tab as the user sees it, its words in the user's language. */
export function exportRequest(t: TFunction, view: TabView, format: 'xlsx' | 'csv'): TransactionsExportRequest {
  const search = view.search.trim();
  const columns: Record<TransactionExportColumn, string> = {
    property: t('transactions.columns.property'),
    location: t('transactions.columns.location'),
    guest: t('transactions.columns.guest'),
    guestPhone: t('transactions.export.guestPhone'),
    checkIn: t('transactions.export.checkIn'),
    checkOut: t('transactions.export.checkOut'),
    timeZone: t('transactions.export.timeZone'),
    usage: t('transactions.export.usage'),
    estimated: t('billing.statement.estimated'),
    checkedInBy: t('transactions.columns.checkedInBy'),
    checkedOutBy: t('transactions.columns.checkedOutBy'),
  };
  const title = [
    t('pages.transactions.title'),
    t(`pages.transactions.${view.tab}`),
    view.tab === 'history' ? t(`transactions.filters.${view.filter}`) : null,
    search ? t('transactions.searchFor', { text: search }) : null,
  ]
    .filter((part) => part !== null)
    .join(' - ');
  return {
    tab: view.tab,
    currentDateRangeFilter: view.filter,
    search,
    format,
    labels: { title, automatic: t('transactions.automatic'), columns },
  };
}

/** Today on the user's own clock, 'YYYY-MM-DD': the date in the export's file name. */
export function localDay(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
