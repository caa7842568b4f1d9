// Envelope codes shared by server and client (reference §2.1): 0 success, -1 log in again,
// 400–502 refusals the client shows as a toast.
export const CODE = {
  OK: 0,
  RELOGIN: -1,
  REFUSED: 400,
  HARD_REFUSED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_ALLOWED: 405,
  ERROR: 502,
} as const;

export type Code = (typeof CODE)[keyof typeof CODE];

/** Keys of server messages; each has a translation in worker/locales/<lang>.json. */
export const MESSAGE_KEYS = [
  'system.success',
  'system.fail',
  'system.error',
  'system.parameterError',
  'system.notFound',
  'system.notAuth',
  'system.demoMode',
  'system.tooFast',
  'system.sendOk',
  'system.editOk',
  'user.exist',
  'user.notExist',
  'user.forbid',
  'user.passErr',
  'user.codeErr',
  'user.loginOk',
  'user.logoutOk',
  'user.registerOk',
  'user.already',
  'user.closeRegister',
  'user.inviteCode',
  'user.accountVerify',
  'user.accountPhone',
  'user.accountEmail',
  'user.waitMinute',
  'user.loginLimit',
  'user.mustToken',
  'user.loginError',
  'user.expired',
  'user.codeRequired',
  'user.passwordRule',
  'user.codeUnavailable',
  'user.accountRule',
  'user.nicknameRequired',
  'user.passwordRequired',
  'im.forbidChat',
  'im.msgContentLimit',
  'im.exist',
  'im.forwardLimit',
  'im.forwardOk',
  'im.redoLimitTime',
  'im.notMember',
  'file.uploadLimit',
  'file.typeNotSupport',
  'file.contentMismatch',
  'file.videoTooLong',
  'file.voiceTooShort',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  count?: number;
  page?: number;
}
