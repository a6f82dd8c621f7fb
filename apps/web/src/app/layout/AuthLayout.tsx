import { Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { Footer } from './Footer';
import { LanguageSelect } from './LanguageSelect';
import { PageLoader } from '../../ui/PageLoader';
import classes from './AuthLayout.module.css';
import { WelcomePanel } from '../../features/auth';

/** The frame of the sign-in pages: the welcome blurb beside the form. */
export function AuthLayout() {
  return (
    <div className={classes.root}>
      <WelcomePanel className={classes.welcome} />
      <div className={classes.side}>
        <Group component="header" justify="flex-end" gap="xs" p="sm">
          <LanguageSelect />
          <ColorSchemeToggle />
        </Group>
        <main id="main" className={classes.form}>
          <div className={classes.formInner}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <Footer className={classes.footer} />
      </div>
    </div>
  );
}
