import { Button, Code, Group, Paper, Radio, Stack, Switch, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import {
  type AppearanceConfig,
  type AppearanceTab,
  appearanceTabs,
  resetAppearance,
  saveActiveTab,
  saveAppearance,
} from '../appearance';

type Props = { userAccountID: number; saved: AppearanceConfig; activeTab: AppearanceTab };

function isTab(value: string | null): value is AppearanceTab {
  return appearanceTabs.some((tab) => tab === value);
}

/** The options by tab, Preview (save and apply) and Reset, and the configuration as JSON. */
export function AppearanceEditor({ userAccountID, saved, activeTab }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [draft, setDraft] = useState(saved);
  const set = <K extends keyof AppearanceConfig>(key: K, value: AppearanceConfig[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const preview = () => {
    saveAppearance(userAccountID, draft);
    toast.success(t('appearance.saved'));
  };
  const reset = async () => {
    const ok = await confirm({
      title: t('appearance.resetTitle'),
      message: t('appearance.resetQuestion'),
      confirmLabel: t('appearance.reset'),
    });
    if (!ok) return;
    resetAppearance(userAccountID);
    toast.success(t('appearance.resetDone'));
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Tabs value={activeTab} onChange={(tab) => isTab(tab) && saveActiveTab(userAccountID, tab)} keepMounted={false}>
          <Tabs.List aria-label={t('appearance.tabs.label')} mb="md">
            {appearanceTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`appearance.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="skins">
            <Radio.Group
              label={t('appearance.skin')}
              description={t('appearance.skinHint')}
              value={draft.skin}
              onChange={(skin) => set('skin', skin === 'dark' ? 'dark' : 'light')}
            >
              <Group mt="xs">
                <Radio value="light" label={t('appearance.light')} />
                <Radio value="dark" label={t('appearance.dark')} />
              </Group>
            </Radio.Group>
          </Tabs.Panel>
          <Tabs.Panel value="header">
            <Switch
              label={t('appearance.headerFixed')}
              description={t('appearance.headerFixedHint')}
              checked={draft.header.fixed}
              onChange={(event) => set('header', { fixed: event.currentTarget.checked })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="subheader">
            <Stack gap="md">
              <Switch
                label={t('appearance.subheaderDisplay')}
                description={t('appearance.subheaderDisplayHint')}
                checked={draft.subheader.display}
                onChange={(event) => set('subheader', { ...draft.subheader, display: event.currentTarget.checked })}
              />
              <Switch
                label={t('appearance.subheaderFixed')}
                description={t('appearance.subheaderFixedHint')}
                checked={draft.subheader.fixed}
                disabled={!draft.subheader.display}
                onChange={(event) => set('subheader', { ...draft.subheader, fixed: event.currentTarget.checked })}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="content">
            <Radio.Group
              label={t('appearance.contentWidth')}
              description={t('appearance.contentWidthHint')}
              value={draft.content.width}
              onChange={(width) => set('content', { width: width === 'fixed' ? 'fixed' : 'fluid' })}
            >
              <Group mt="xs">
                <Radio value="fluid" label={t('appearance.fluid')} />
                <Radio value="fixed" label={t('appearance.fixed')} />
              </Group>
            </Radio.Group>
          </Tabs.Panel>
          <Tabs.Panel value="aside">
            <Switch
              label={t('appearance.asideFixed')}
              description={t('appearance.asideFixedHint')}
              checked={draft.aside.fixed}
              onChange={(event) => set('aside', { fixed: event.currentTarget.checked })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="footer">
            <Switch
              label={t('appearance.footerFixed')}
              description={t('appearance.footerFixedHint')}
              checked={draft.footer.fixed}
              onChange={(event) => set('footer', { fixed: event.currentTarget.checked })}
            />
          </Tabs.Panel>
        </Tabs>
        <Group mt="lg">
          <Button onClick={preview}>{t('appearance.preview')}</Button>
          <Button variant="default" onClick={() => void reset()}>
            {t('appearance.reset')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs" id="appearance-json">
          {t('appearance.configuration')}
        </Title>
        <Code block aria-labelledby="appearance-json">
          {JSON.stringify(draft, null, 2)}
        </Code>
      </Paper>
    </Stack>
  );
}
