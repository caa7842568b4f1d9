// TanStack Query for the signed-in app: every REST read behind login is a query, and the socket's
// frames update or invalidate them. A fresh client per sign-in (the signed-in layout makes one),
// so one user's cached answers never show to the next; the session hands it to the code outside
// React that applies frames (queryClient()).
import { QueryClient } from '@tanstack/react-query';

export const makeQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

let current = makeQueryClient();

/** The signed-in session's client. */
export const queryClient = (): QueryClient => current;

export function setQueryClient(client: QueryClient): void {
  current = client;
}
