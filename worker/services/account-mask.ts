// How another user's account (a phone number or an email address) is shown, and what of it a
// search may match: only what the masked form shows, so a search cannot read the hidden part back.

const HEAD = 3;
const TAIL = 2;

/**
 * Another user's account as every list and card shows it: first 3 + ****** + last 2, as in the
 * original; only its owner sees it whole (selfView).
 */
export function maskAccount(account: string): string {
  return account.length > HEAD + TAIL ? `${account.slice(0, HEAD)}******${account.slice(-TAIL)}` : account;
}

/** The parts of an account its masked form shows (the whole of a short one). */
export function visibleAccountParts(account: string): string[] {
  return account.length > HEAD + TAIL ? [account.slice(0, HEAD), account.slice(-TAIL)] : [account];
}
