// Account field limits shared by the Worker's request schemas (account.ts) and the web forms.
// No validator here: the login page imports these, and its first download stays without valibot.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@+-]{3,32}$/;
