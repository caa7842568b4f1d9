// Mail for verification codes in production: an HTTP mail API the operator
// names (MAIL_API_URL, a var) with its key (MAIL_API_KEY, a secret) and sender (MAIL_FROM): a
// POST of `{from, to, subject, text}` with `Authorization: Bearer <key>`, the shape Resend and
// several others take. Only an email address receives mail; SMS stays an extension point (a
// CodeSender of its own).
import type { MessageKey } from '../protocol/codes';
import { type Lang, translate } from '../services/i18n';
import { refuse } from '../services/replies';
import { type CodeSender, EMAIL_PATTERN } from '../services/verification';

export interface MailSettings {
  url: string;
  key: string;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export function mailSettings(env: Env): MailSettings | null {
  const { MAIL_API_URL: url, MAIL_API_KEY: key, MAIL_FROM: from } = env;
  return url && key && from && url.startsWith('https://') ? { url, key, from } : null;
}

/** Sends one mail; answers null, or why it failed (the provider's status and a line of its answer). */
export async function sendMail(settings: MailSettings, mail: Mail): Promise<string | null> {
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: settings.from, ...mail }),
    });
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    const why = (await response.text().catch(() => '')).slice(0, 200);
    return `HTTP ${response.status}${why ? `: ${why}` : ''}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A verification code's mail in `lang`. */
export function codeMail(lang: Lang, to: string, code: string): Mail {
  const key = (k: MessageKey, params?: Record<string, string | number>) => translate(lang, k, params);
  return { to, subject: key('mail.codeSubject'), text: key('mail.codeText', { code, minutes: 10 }) };
}

/** Codes by mail to an account that is an email address; a failure refuses with a translated reason (never a 500). */
export const mailCodeSender = (settings: MailSettings, lang: Lang): CodeSender => ({
  reaches: (account) => EMAIL_PATTERN.test(account),
  send: async (account, code) => {
    if (!EMAIL_PATTERN.test(account)) throw refuse('user.codeUnavailable');
    const failed = await sendMail(settings, codeMail(lang, account, code));
    if (failed) {
      console.error('a verification code could not be mailed', failed);
      throw refuse('user.codeNotSent');
    }
  },
});
