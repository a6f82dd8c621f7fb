import { Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import classes from './AppLayout.module.css';
import { Brand } from './Brand';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { Footer } from './Footer';
import { LanguageSelect } from './LanguageSelect';

/** The frame of pages anyone may open: terms, the public meter lookup, error pages. */
export function PublicLayout() {
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </header>
      <Container component="main" id="main" size="md" className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer className={classes.footer} />
    </div>
  );
}
