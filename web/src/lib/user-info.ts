// The signed-in user's record as the server sends it (the original's userInfo); shared by
// login, registration and the profile, and kept in storage as `userInfo`.
import * as v from 'valibot';

// Missing or null text fields come out as '' so screens never test for null.
const optionalText = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((text) => text ?? ''),
);
const optionalInt = v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number)));

export const UserInfoSchema = v.looseObject({
  user_id: v.pipe(v.union([v.number(), v.string()]), v.transform(Number)),
  id: optionalInt,
  account: v.string(),
  realname: v.string(),
  displayName: optionalText,
  avatar: optionalText,
  email: optionalText,
  motto: optionalText,
  /** 0 female, 1 male, 2 unknown. */
  sex: optionalInt,
  role: optionalInt,
  is_auth: optionalInt,
  /** 1 for a shared demo account (refused its security changes while the demo runs). */
  is_demo: optionalInt,
});

export type UserInfo = v.InferOutput<typeof UserInfoSchema>;
