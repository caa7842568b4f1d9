// How verification codes reach people: the dev mailbox in development (DEV_MAILBOX), else the
// operator's mail API (providers/mail.ts); null when there is no way, and the calls that need a
// code refuse with user.codeUnavailable.
import { devMailbox } from '../db/verification-codes';
import { mailCodeSender, mailSettings } from '../providers/mail';
import type { Lang } from '../services/i18n';
import type { CodeSender } from '../services/verification';

export function senderFor(env: Env, lang: Lang = 'vi'): CodeSender | null {
  if (env.DEV_MAILBOX === 'true') return devMailbox(env.DB);
  const mail = mailSettings(env);
  return mail ? mailCodeSender(mail, lang) : null;
}
