// Ending a session from anywhere: clear the stored credentials and go to login, keeping the
// page the user was on as the redirect target so they come back to it.
import { loginPath, PATHS } from '../config/paths';
import { currentAppPath, navigateTo } from './navigation';
import { storage } from './storage';

export function endSession(options: { keepRedirect?: boolean } = {}): void {
  storage.clearSession();
  const here = currentAppPath();
  const onLogin = here.startsWith(PATHS.login);
  navigateTo(options.keepRedirect && !onLogin ? loginPath(here) : PATHS.login, { replace: true });
}
