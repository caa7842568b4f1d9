// Who sees the console: users.role 1 (super admin) or 2 (admin), as the server last said. The
// server checks the role again on every /manage call; this only decides what to offer.
// While the demo runs, its shared accounts read the console but change nothing:
// the server refuses every change of theirs (middleware/operator.ts mayChange) by the protocol's
// rule, so the console says so at the top and disables the controls that would be refused.
import { isSharedDemoAccount } from '@protocol/account';
import { isOperatorRole, ROLE_SUPER } from '@protocol/manage';
import { storage } from '@web/lib/storage';
import { storedSystemInfo, useConfigChanges } from '@web/lib/system-info';

export const isOperator = (role: number | undefined) => role !== undefined && isOperatorRole(role);
export const isSuperAdmin = (role: number | undefined) => role === ROLE_SUPER;

/** Whether the console is read-only for me: a shared demo account while the demo runs. */
export function useConsoleReadOnly(): boolean {
  useConfigChanges();
  return isSharedDemoAccount(storage.getUserInfo() ?? null, storedSystemInfo().demon_mode === true);
}
