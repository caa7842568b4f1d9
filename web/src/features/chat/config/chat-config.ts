// The server's chat settings the thread and composer obey (the original's chatInfo / fileUpload),
// read from the last stored getSystemInfo so the screen never waits for the network.
import { chatSwitch, configNumber, uploadLimitMb } from '@protocol/config-values';
import { DEFAULT_EDIT_SECONDS, DEFAULT_FILE_EXT, DEFAULT_REDO_SECONDS } from '@protocol/limits';
import { storedSystemInfo, useConfigChanges } from '@web/lib/system-info';

// One source for the limits the server enforces too.
export {
  DEFAULT_FILE_EXT,
  DEFAULT_FILE_MB,
  DEFAULT_REDO_SECONDS,
  FILE_PICK_MAX,
  FORWARD_MAX,
  IMAGE_PICK_MAX,
  TEXT_MESSAGE_MAX as TEXT_MAX,
  VIDEO_MAX_SECONDS,
} from '@protocol/limits';

export interface ChatConfig {
  /** Recall window in seconds; 0 means recall is off. */
  redoSeconds: number;
  /** chatInfo.editTime: seconds a text message stays editable by its sender (0: editing off). */
  editSeconds: number;
  showOnline: boolean;
  fileMaxMb: number;
  fileExt: string[];
}

export function chatConfig(): ChatConfig {
  const { chatInfo, fileUpload } = storedSystemInfo() as {
    chatInfo: Record<string, unknown>;
    fileUpload: Record<string, unknown>;
  };
  const ext = Array.isArray(fileUpload.fileExt)
    ? fileUpload.fileExt.map((x) => String(x).toLowerCase())
    : DEFAULT_FILE_EXT;
  return {
    redoSeconds: configNumber(chatInfo.redoTime, DEFAULT_REDO_SECONDS),
    editSeconds: configNumber(chatInfo.editTime, DEFAULT_EDIT_SECONDS),
    showOnline: chatSwitch(chatInfo, 'online'),
    fileMaxMb: uploadLimitMb(fileUpload.size),
    fileExt: ext,
  };
}

/** chatConfig() in a component, read again whenever the server's settings change (an operator's save). */
export function useChatConfig(): ChatConfig {
  useConfigChanges();
  return chatConfig();
}
