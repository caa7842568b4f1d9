import { describe, expect, it } from 'vitest';

import { maskAccount } from '../../worker/services/user-view';
import { call, loginUser, registerUser, uniqueEmail, uniquePhone } from './helpers';

describe('account masking', () => {
  it('keeps the first 3 and the last 2 characters of an account, six stars between', () => {
    expect(maskAccount('13800000003')).toBe('138******03');
    expect(maskAccount('someone@example.com')).toBe('som******om');
    // Too short to hide anything by this rule: shown as it is.
    expect(maskAccount('abcde')).toBe('abcde');
  });

  it("sends everyone else's account masked in the contact list, the same way as their user card", async () => {
    const phone = await registerUser(uniquePhone());
    const email = await registerUser(uniqueEmail());
    const viewer = await loginUser();
    const contacts = (await call('/enterprise/im/getContacts', {}, { token: viewer.token })).body.data as {
      id: number;
      account: string;
    }[];
    for (const other of [phone, email]) {
      const row = contacts.find((c) => c.id === other.user.user_id);
      expect(row?.account).toBe(maskAccount(other.account));
      const card = await call('/enterprise/im/getUserInfo', { user_id: other.user.user_id }, { token: viewer.token });
      expect(card.body.data.account).toBe(row?.account);
    }
    // No full account of anyone appears anywhere in the list.
    const sent = JSON.stringify(contacts);
    expect(sent).not.toContain(phone.account);
    expect(sent).not.toContain(email.account);
  });

  it('shows a user their own account whole', async () => {
    const made = await registerUser(uniquePhone());
    const me = await loginUser(made.account, made.password);
    const own = await call('/enterprise/im/getUserInfo', {}, { token: me.token });
    expect(own.body.data.account).toBe(me.account);
  });
});
