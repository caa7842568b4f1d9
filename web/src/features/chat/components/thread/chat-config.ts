// The server's chat settings the thread and composer obey (spec §3 chatInfo / fileUpload),
// read from the last stored getSystemInfo so the screen never waits for the network.
import { storedSystemInfo } from '../../../../lib/system-info';

export const DEFAULT_REDO_SECONDS = 120;
export const DEFAULT_FILE_MB = 50;
export const TEXT_MAX = 2048;
export const IMAGE_PICK_MAX = 9;
export const FILE_PICK_MAX = 100;
export const VIDEO_MAX_SECONDS = 60;
export const FORWARD_MAX = 5;
export const DEFAULT_FILE_EXT = ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'pdf', 'mp3', 'wav', 'wmv', 'amr', 'mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov', 'webp', 'ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'md'];

export interface ChatConfig {
  /** Recall window in seconds; 0 means recall is off. */
  redoSeconds: number;
  showOnline: boolean;
  fileMaxMb: number;
  fileExt: string[];
}

const numberOr = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function chatConfig(): ChatConfig {
  const { chatInfo, fileUpload } = storedSystemInfo() as { chatInfo: Record<string, unknown>; fileUpload: Record<string, unknown> };
  const ext = Array.isArray(fileUpload.fileExt) ? fileUpload.fileExt.map((x) => String(x).toLowerCase()) : DEFAULT_FILE_EXT;
  return {
    redoSeconds: numberOr(chatInfo.redoTime, DEFAULT_REDO_SECONDS),
    showOnline: String(chatInfo.online ?? '1') === '1',
    fileMaxMb: numberOr(fileUpload.size, DEFAULT_FILE_MB) || DEFAULT_FILE_MB,
    fileExt: ext,
  };
}
