// The outermost layout: a phone-width column centred on wide screens, the lazy-loaded page,
// and the toast and dialog hosts every page shares.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DialogHost } from '../components/ui/dialog';
import { ToastHost } from '../components/ui/toast';

export function AppShell() {
  return (
    <div className="relative mx-auto min-h-dvh w-full max-w-[480px] bg-page shadow-[0_0_24px_rgba(0,0,0,0.06)]">
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <ToastHost />
      <DialogHost />
    </div>
  );
}
