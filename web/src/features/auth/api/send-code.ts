// POST /common/pub/sendCode: a verification code for login (1), registration (2),
// password change (3) or account change (4).
import * as v from 'valibot';
import { apiPost } from '../../../lib/api-client';

export const CODE_PURPOSE = { login: 1, register: 2, changePassword: 3, changeAccount: 4 } as const;
export type CodePurpose = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];

export async function sendCode(account: string, type: CodePurpose): Promise<void> {
  await apiPost('/common/pub/sendCode', { account, type }, v.unknown());
}
