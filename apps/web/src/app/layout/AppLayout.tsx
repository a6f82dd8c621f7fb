import { Container, Drawer, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type CSSProperties, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAppearance } from '../../features/appearance';
import { PageLoader } from '../../ui/PageLoader';
import { useHub } from '../hub/useHub';
import { rememberLocation } from '../../lib/session/lastLocation';
import { useSessionTimers } from '../../lib/session/useSessionTimers';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideNav } from './SideNav';
import { Subheader } from './Subheader';

/** The frame of every signed-in page, arranged as the user's appearance says. */
export function AppLayout() {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const { config, effective } = useAppearance();
  const { setColorScheme } = useMantineColorScheme();
  const savedSkin = config?.skin;

  useSessionTimers();
  useHub();
  useEffect(() => rememberLocation(pathname, search), [pathname, search]);
  useEffect(() => {
    if (savedSkin) setColorScheme(savedSkin);
  }, [savedSkin, setColorScheme]);

  const asideTop = effective.header.fixed ? 'var(--header-height)' : '0px';
  const sticky = (on: boolean, base: string, stickyClass: string) => (on ? `${base} ${stickyClass}` : base);

  return (
    <div className={classes.root} style={{ '--aside-top': asideTop } as CSSProperties}>
      <a href="#main" className={classes.skip}>
        {t('common.skipToContent')}
      </a>
      <Header
        className={sticky(effective.header.fixed, classes.header, classes.sticky)}
        navOpened={navOpened}
        onToggleNav={nav.toggle}
      />
      {effective.subheader.display && (
        <Subheader className={sticky(effective.subheader.fixed, classes.subheader, classes.subheaderSticky)} />
      )}
      <div className={classes.body}>
        <aside className={classes.aside}>
          <div className={effective.aside.fixed ? classes.asideSticky : undefined}>
            <SideNav />
          </div>
        </aside>
        <Drawer
          opened={navOpened}
          onClose={nav.close}
          hiddenFrom="sm"
          size={280}
          title={t('nav.mainMenu')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <SideNav onNavigate={nav.close} />
        </Drawer>
        <div className={classes.main}>
          <Container
            component="main"
            id="main"
            tabIndex={-1}
            fluid={effective.content.width === 'fluid'}
            size="lg"
            className={classes.content}
          >
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
          <Footer className={sticky(effective.footer.fixed, classes.footer, classes.footerSticky)} />
        </div>
      </div>
    </div>
  );
}
