// Global configuration: defaults of a fresh install, merged under the D1 `config` rows.
// Values are strings ("0"/"1") as in the original, so clients written for it keep working.
import { SWITCH_DEFAULTS, switchTexts } from '../protocol/config-values';
import {
  DEFAULT_EDIT_SECONDS,
  DEFAULT_FILE_EXT,
  DEFAULT_FILE_MB,
  DEFAULT_GROUP_USER_MAX,
  DEFAULT_REACTION_MAX,
  DEFAULT_REDO_SECONDS,
} from '../protocol/limits';

export const DEFAULTS = {
  sysInfo: {
    name: 'Parley',
    logo: '',
    description: '',
    closeTips: '',
    regtype: '1',
    regauth: '0',
    runMode: '1',
    registerInterval: '0',
    // The oldest web app version the server still supports ('' none): below it the upgrade popup has no Later.
    minVersion: '',
    // The switches state, ipregion, multipleLogin and diyName ('1' lets users change their own name in
    // run mode 1, the enterprise directory; mode 2 always may): protocol/config-values.ts, as the web reads them.
    ...switchTexts(SWITCH_DEFAULTS.sysInfo),
  },
  chatInfo: {
    // The switches online, webrtc, simpleChat, groupChat, dbDelMsg, msgClear: protocol/config-values.ts.
    ...switchTexts(SWITCH_DEFAULTS.chatInfo),
    groupUserMax: String(DEFAULT_GROUP_USER_MAX),
    sendInterval: '0',
    redoTime: String(DEFAULT_REDO_SECONDS),
    editTime: String(DEFAULT_EDIT_SECONDS),
    reactionMax: String(DEFAULT_REACTION_MAX),
    msgClearDay: '0',
    stun: '',
    stunUser: '',
    stunPass: '',
    /** At registration, a customer-service agent round-robin and their welcome (services/auto-add.ts). */
    autoAddUser: { status: '0', welcome: '', user_ids: [] as string[] },
    /** At registration, membership of an auto group, a new "{name}{n}" once `userMax` is reached. */
    autoAddGroup: { status: '0', name: '', userMax: '100', owner_uid: '0' },
  },
  fileUpload: { size: String(DEFAULT_FILE_MB), preview: '', fileExt: DEFAULT_FILE_EXT },
  /**
   * The explore tab: status '1' shows it; mode '1' list, '2' grid; each entry an in-app path (type '1') or an
   * external URL (type '2'). Out of the box a few neutral reference sites, so the tab is not empty; an operator's `compass`
   * row replaces them (`"list": [...]`) or hides them (`"status": "0"`).
   */
  compass: {
    status: '1',
    mode: '1',
    list: [
      { icon: '', name: 'Wikipedia', type: '2', url: 'https://www.wikipedia.org/' },
      { icon: '', name: 'Wiktionary', type: '2', url: 'https://www.wiktionary.org/' },
      { icon: '', name: 'OpenStreetMap', type: '2', url: 'https://www.openstreetmap.org/' },
    ] as { icon: string; name: string; type: string; url: string; order?: string | number; status?: string | number }[],
  },
};

export type SystemConfig = typeof DEFAULTS;
export type ConfigName = keyof SystemConfig;

/**
 * Keys of chatInfo that stay with the server and the console (manage/config/getAllConfig): TURN
 * credentials (minted per call instead); registration's welcome agents, their text and the auto
 * group with its owner (who the operators' people are); the send interval, an abuse limit only the
 * server applies. No app reads them.
 */
const OPERATOR_CHAT_KEYS = ['stun', 'stunUser', 'stunPass', 'autoAddUser', 'autoAddGroup', 'sendInterval'] as const;
/** Keys of sysInfo that stay with the server and the console: the registration interval, an abuse limit. */
const OPERATOR_SYS_KEYS = ['registerInterval'] as const;

export function mergeConfig(rows: { name: string; value: string }[]): SystemConfig {
  const merged = structuredClone(DEFAULTS) as SystemConfig;
  for (const row of rows) {
    if (!(row.name in merged)) continue;
    try {
      const value = JSON.parse(row.value) as unknown;
      if (typeof value === 'object' && value !== null) Object.assign(merged[row.name as ConfigName], value);
    } catch {
      console.warn('ignoring unreadable config row', row.name);
    }
  }
  return merged;
}

/** What everyone may read (getSystemInfo, signed in or not) and what `updateConfig` pushes to everyone online. */
export function publicConfig(config: SystemConfig, demoMode: boolean) {
  const chatInfo: Partial<SystemConfig['chatInfo']> = { ...config.chatInfo };
  for (const key of OPERATOR_CHAT_KEYS) delete chatInfo[key];
  const sysInfo: Partial<SystemConfig['sysInfo']> &
    Pick<SystemConfig['sysInfo'], 'name' | 'logo' | 'regtype' | 'regauth'> = {
    ...config.sysInfo,
  };
  for (const key of OPERATOR_SYS_KEYS) delete sysInfo[key];
  const { size, preview, fileExt } = config.fileUpload;
  return {
    sysInfo,
    chatInfo,
    fileUpload: { size, preview, fileExt },
    compass: config.compass,
    demon_mode: demoMode,
  };
}
