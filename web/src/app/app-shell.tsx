// The outermost layout: a phone-width column centred on wide screens, the lazy-loaded page
// (with the reload offer when it fails to load; a page opened by a link at its top), and the toast and dialog hosts every page shares.
// The dialog host is fetched right after start-up, not before the first paint: no page shows a
// dialog on arrival, and one requested before the host is there appears when it mounts.
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { ToastHost } from '../components/ui/toast';
import { RouteErrorBoundary } from './route-error';
import { useScrollToTop } from './use-scroll-to-top';

const DialogHost = lazy(() => import('../components/ui/dialog').then((module) => ({ default: module.DialogHost })));

export function AppShell() {
  const { pathname, search } = useLocation();
  useScrollToTop();
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
    </div>
  );
}
