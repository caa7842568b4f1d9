// Route guards, checked on every render of their route (so on every navigation): protected
// pages need a stored, unexpired token; the login page forwards an already
// signed-in user. Both redirect with `replace`, so the refused address never stays in history.
// A signed-out browser keeps no chats: a session that expired while the app was closed never
// went through endSession, so the login page deletes what it left.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';

import { loginPath, safeRedirect } from '../config/paths';
import { forgetOfflineCopy } from '../lib/offline-cache/forget';
import { hasValidSession } from '../lib/storage-core';

export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (hasValidSession()) return children;
  return <Navigate to={loginPath(pathname + search)} replace />;
}

export function SkipLoginWhenSignedIn({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const signedIn = hasValidSession();
  useEffect(() => {
    if (!signedIn) forgetOfflineCopy();
  }, [signedIn]);
  if (!signedIn) return children;
  return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'))} replace />;
}
