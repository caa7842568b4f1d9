// POST /common/pub/sendCode: a verification code for login (1), registration (2),
// password change (3) or account change (4).
import * as v from 'valibot';

import { apiPost } from '@web/lib/api-client';

import type { CodePurpose } from './code-purpose';

export { CODE_PURPOSE, type CodePurpose } from './code-purpose';

export async function sendCode(account: string, type: CodePurpose): Promise<void> {
  await apiPost('/common/pub/sendCode', { account, type }, v.unknown());
}
