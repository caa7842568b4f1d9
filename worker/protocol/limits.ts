// Limits shared by the Worker's rules and the web app. No validator here: the
// login page imports these, and its first download stays without valibot.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
/** A user's name (registration and profile). */
export const REALNAME_MAX = 32;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@+-]{3,32}$/;

/** Chat text; the spec's 140 is for single-line profile fields. */
export const TEXT_MESSAGE_MAX = 2048;
export const FORWARD_MAX = 5;
/** Characters of a quoted text shown under a reply. */
export const QUOTE_MAX = 200;
export const VIDEO_MAX_SECONDS = 60;
export const VOICE_MIN_SECONDS = 1;
export const IMAGE_PICK_MAX = 9;
export const FILE_PICK_MAX = 100;

/** Defaults of a fresh install, used when a config row does not say otherwise. */
export const DEFAULT_REDO_SECONDS = 120;
/** How long a sender may edit a text message (`chatInfo.editTime`, seconds; 0 switches editing off): 48 h. */
export const DEFAULT_EDIT_SECONDS = 48 * 3600;
/** Distinct emoji one message may carry (`chatInfo.reactionMax`). */
export const DEFAULT_REACTION_MAX = 20;
export const DEFAULT_FILE_MB = 50;
/** Uploads per user per UTC day (`fileUpload.dayCount`, `fileUpload.dayMb`): a busy day of photos fits. */
export const DEFAULT_UPLOADS_PER_DAY = 300;
export const DEFAULT_UPLOAD_MB_PER_DAY = 1024;
/** Members of one group (`chatInfo.groupUserMax`) unless the operator sets more: the size the fan-out was measured at (BENCHMARKS.md). */
export const DEFAULT_GROUP_USER_MAX = 500;
export const DEFAULT_FILE_EXT = [
  'jpg',
  'jpeg',
  'png',
  'bmp',
  'gif',
  'pdf',
  'mp3',
  'wav',
  'wmv',
  'amr',
  'mp4',
  '3gp',
  'avi',
  'm2v',
  'mkv',
  'mov',
  'webp',
  'ppt',
  'pptx',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'txt',
  'md',
];
