// Pure rules for password (and code) guesses at login and password change. A guess is counted
// before it is checked, so however many arrive at once, only the allowed number is checked:
// - per account + IP pair: FREE_GUESSES guesses, then a delay before each next one that doubles
//   from FIRST_DELAY_SECONDS up to MAX_PAIR_DELAY_SECONDS; forgotten a day after the pair's last
//   guess, cleared by a success. Someone guessing from elsewhere never delays the owner's pair.
// - per account: at most ACCOUNT_CEILING checked guesses per CEILING_WINDOW_SECONDS from all
//   addresses together (a botnet gets no more than that), and per address at most IP_CEILING
//   over all accounts (one machine spraying a common password), except from pairs that logged
//   in successfully within TRUSTED_PAIR_SECONDS: the owner at home is never shut out by strangers,
//   not even by a stranger behind the same address.

export const FREE_GUESSES = 5;
export const FIRST_DELAY_SECONDS = 30;
export const MAX_PAIR_DELAY_SECONDS = 15 * 60;
export const PAIR_MEMORY_SECONDS = 86400;
export const ACCOUNT_CEILING = 50;
export const IP_CEILING = 100;
/** A ceiling's window starts at its first guess and does not slide: refused guesses never prolong it. */
export const CEILING_WINDOW_SECONDS = 3600;
export const TRUSTED_PAIR_SECONDS = 30 * 86400;

/** The wait before the next guess of a pair that has made `guesses` (0 while the free ones last). */
export function pairDelay(guesses: number): number {
  if (guesses < FREE_GUESSES) return 0;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** Math.min(guesses - FREE_GUESSES, 10), MAX_PAIR_DELAY_SECONDS);
}

/** The same rule as SQL over a row's `guesses` and `last_at`, for the statement that counts atomically. */
export const PAIR_READY_SQL = `(guesses < ${FREE_GUESSES} OR ?2 >= last_at + MIN(${FIRST_DELAY_SECONDS} << MIN(guesses - ${FREE_GUESSES}, 10), ${MAX_PAIR_DELAY_SECONDS}))`;

/** Throttling keys: the account in lower case (accounts are case-insensitive), the address and the pair. */
export function guessKeys(account: string, ip: string) {
  const name = account.toLowerCase();
  return { pair: `pair:${JSON.stringify([name, ip])}`, account: `acct:${name}`, ip: `ip:${ip}` };
}

/** Whole minutes to show, at least one. */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
