// The spec's upgrade-popup route opened directly (the reference's manual check, setupPage): asks
// the server for a new version at once and goes on to the chats; the popup (app/upgrade-popup.tsx)
// shows over them when one is waiting, as it does whenever a check finds one.
import { useEffect } from 'react';
import { Navigate } from 'react-router';

import { PATHS } from '../../config/paths';
import { checkForUpdate } from '../../lib/app-update/store';

export default function UpgradeRoute() {
  useEffect(checkForUpdate, []);
  return <Navigate to={PATHS.home} replace />;
}
