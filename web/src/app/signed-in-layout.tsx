// Everything behind login. Loaded lazily so TanStack Query stays out of the login page's
// bundle; a fresh QueryClient per sign-in means one user's cached data never shows to the next.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';

export default function SignedInLayout() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
