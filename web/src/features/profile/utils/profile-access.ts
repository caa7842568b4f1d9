// What the system configuration allows on my profile and account pages.
import type { UserInfo } from '@protocol/account';
import { isSharedDemoAccount } from '@protocol/account';
import { friendsOnlyMode, sysSwitch } from '@protocol/config-values';
import type { SystemInfo } from '@web/lib/system-info';

/** The nickname may be changed in run mode 2 (friends only), or in run mode 1 when the admin allows it (diyName '1'). */
export const nameEditable = (info: SystemInfo) => friendsOnlyMode(info.sysInfo) || sysSwitch(info.sysInfo, 'diyName');

/** Demo mode: the demo accounts are shared by everyone trying the app. */
export const isDemoMode = (info: SystemInfo) => info.demon_mode === true;

/**
 * Whether my password, account and sessions are closed to changes: only a shared demo account's,
 * while the demo runs, by the server's own rule (an account a visitor registered keeps them).
 */
export const securityLocked = (info: SystemInfo, user: UserInfo) => isSharedDemoAccount(user, isDemoMode(info));
