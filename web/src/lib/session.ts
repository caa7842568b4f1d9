// Ending a session from anywhere: clear the stored credentials and go to login, keeping the
// page the user was on as the redirect target so they come back to it. The chats kept for an
// offline start go with the session.
import { loginPath, PATHS } from '../config/paths';
import { currentAppPath, navigateTo } from './navigation';
import { forgetOfflineCopy } from './offline-cache/forget';
import { storage } from './storage';

export function endSession(options: { keepRedirect?: boolean } = {}): void {
  storage.clearSession();
  forgetOfflineCopy();
  const here = currentAppPath();
  const onLogin = here.startsWith(PATHS.login);
  navigateTo(options.keepRedirect && !onLogin ? loginPath(here) : PATHS.login, { replace: true });
}
