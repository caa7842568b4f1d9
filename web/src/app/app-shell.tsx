// The outermost layout: a phone-width column centred on wide screens, the lazy-loaded page
// (with the reload offer when it fails to load; a page opened by a link at its top), and the toast and dialog hosts every page shares.
// The dialog host is fetched right after start-up, not before the first paint: no page shows a
// dialog on arrival, and one requested before the host is there appears when it mounts.
// After the first paint it also registers the service worker (lib/app-update), and shows the
// upgrade popup when a new version waits (or this one is below the server's minimum, except in the
// operator's console).
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { ToastHost } from '../components/ui/toast';
import { PATHS } from '../config/paths';
import { appUpdate } from '../lib/app-update/store';
import { allTextsReady } from '../lib/i18n';
import { RouteErrorBoundary } from './route-error';
import { useScrollToTop } from './use-scroll-to-top';

const DialogHost = lazy(() => import('../components/ui/dialog').then((module) => ({ default: module.DialogHost })));
// Its texts are not in the first download (lib/i18n), so it waits for them.
const UpgradePopupHost = lazy(() =>
  Promise.all([import('./upgrade-popup'), allTextsReady]).then(([module]) => ({ default: module.UpgradePopupHost })),
);

export function AppShell() {
  const { pathname, search } = useLocation();
  useScrollToTop();
  const updateWaiting = appUpdate.use((s) => s.waiting || s.forced);
  useEffect(() => {
    // Nothing to show if it fails (an old browser, a private mode): the app runs without it.
    import('../lib/app-update/register').then(
      (module) => module.registerAppUpdates(),
      () => undefined,
    );
  }, []);
  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-[480px] bg-page shadow-[0_0_24px_rgba(0,0,0,0.06)]">
      <RouteErrorBoundary location={pathname + search}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ToastHost />
      <Suspense fallback={null}>
        <DialogHost />
      </Suspense>
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpgradePopupHost inConsole={pathname === PATHS.manage || pathname.startsWith(`${PATHS.manage}/`)} />
        </Suspense>
      )}
    </div>
  );
}
