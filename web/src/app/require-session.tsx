// Route guards run as loaders, before anything renders: protected pages need a stored,
// unexpired token (spec §2, §4); the login page forwards an already signed-in user.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath, safeRedirect } from '../config/paths';
import { hasValidSession } from '../lib/storage';

export function requireSession({ request }: LoaderFunctionArgs): null {
  if (hasValidSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search));
}

export function skipLoginWhenSignedIn({ request }: LoaderFunctionArgs): null {
  if (!hasValidSession()) return null;
  throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
}
