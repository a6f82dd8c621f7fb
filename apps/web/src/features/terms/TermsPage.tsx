import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';

const sections = [
  { id: 'use', title: 'terms.useTitle', text: 'terms.useText' },
  { id: 'privacy', title: 'terms.privacyTitle', text: 'terms.privacyText' },
  { id: 'legal', title: 'terms.legalTitle', text: 'terms.legalText' },
  { id: 'contact', title: 'terms.contactTitle', text: 'terms.contactText' },
] as const;

/** The terms linked from sign-in, registration and the footer (privacy, legal, contact). */
export function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <PageTitle>{t('terms.title')}</PageTitle>
        <Text>{t('terms.intro')}</Text>
      </div>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <Title order={2} size="h4" id={`${section.id}-title`} mb={4}>
            {t(section.title)}
          </Title>
          <Text>{t(section.text)}</Text>
        </section>
      ))}
      <Anchor component="button" type="button" onClick={() => void navigate(-1)} w="fit-content">
        {t('terms.back')}
      </Anchor>
    </Stack>
  );
}
