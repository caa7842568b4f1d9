// What the system configuration allows on my profile and account pages.
import type { SystemInfo } from '../../../lib/system-info';
import { sysSwitch } from '../../../../../worker/protocol/config-values';

const sysFlag = (info: SystemInfo, name: string) => String((info.sysInfo as Record<string, unknown>)[name] ?? '');

/** The nickname may be changed in run mode 2 (friends only), or in run mode 1 when the admin allows it (diyName '1'). */
export const nameEditable = (info: SystemInfo) => sysFlag(info, 'runMode') === '2' || sysSwitch(info.sysInfo, 'diyName');

/** Demo mode: password and account changes are refused (the demo accounts are shared). */
export const isDemoMode = (info: SystemInfo) => info.demon_mode === true;
