// What a verification code is for (POST /common/pub/sendCode `type`). Kept apart from
// send-code.ts so the forms can name a purpose without loading the API client.
export const CODE_PURPOSE = { login: 1, register: 2, changePassword: 3, changeAccount: 4 } as const;
export type CodePurpose = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];
