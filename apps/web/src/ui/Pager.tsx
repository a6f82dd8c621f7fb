import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Paging with every control named for screen readers. */
export function Pager(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      size="sm"
      getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('common.pager.page', { page }) })}
      {...props}
    />
  );
}
