// The outermost layout: a phone-width column centred on wide screens, the lazy-loaded page
// (with the reload offer when it fails to load), and the toast and dialog hosts every page shares.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DialogHost } from '../components/ui/dialog';
import { ToastHost } from '../components/ui/toast';
import { RouteErrorBoundary } from './route-error';

export function AppShell() {
  const { pathname, search } = useLocation();
  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-[480px] bg-page shadow-[0_0_24px_rgba(0,0,0,0.06)]">
      <RouteErrorBoundary location={pathname + search}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ToastHost />
      <DialogHost />
    </div>
  );
}
