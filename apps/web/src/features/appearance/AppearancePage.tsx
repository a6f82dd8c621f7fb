import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { AppearanceEditor } from './components/AppearanceEditor';
import { useAppearance } from './useAppearance';

/** Every user's own layout: skin, header, subheader, content width, aside and footer. */
export function AppearancePage() {
  const { t } = useTranslation();
  const { effective, activeTab, userAccountID } = useAppearance();
  return (
    <>
      <PageTitle>{t('appearance.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('appearance.intro')}
      </Text>
      {userAccountID !== null && (
        // A reset or a save elsewhere (the header's light/dark switch) starts the draft anew.
        <AppearanceEditor
          key={JSON.stringify(effective)}
          userAccountID={userAccountID}
          saved={effective}
          activeTab={activeTab}
        />
      )}
    </>
  );
}
