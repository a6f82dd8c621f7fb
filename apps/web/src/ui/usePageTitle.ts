import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page: "My Properties · Metering Portal". */
export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  useDocumentTitle(t('common.pageTitle', { page }));
}
