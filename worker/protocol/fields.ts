// Field schemas reused by every request schema. Form-encoded clients send numbers as
// strings, so numeric fields accept both and come out as numbers.
import * as v from 'valibot';

export const TEXT_MAX = 140;

/** A trimmed string of at most `max` characters; `message` is the refusal key. */
export const text = (max: number, message = 'system.parameterError') =>
  v.pipe(v.string(message), v.trim(), v.maxLength(max, message));

export const requiredText = (max: number, message: string) => v.pipe(text(max, message), v.minLength(1, message));

/** An integer sent as a number or a numeric string. */
export const intLike = (message = 'system.parameterError') =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^-?\d{1,15}$/, message))], message),
    v.transform(Number),
    v.integer(message),
  );

/** 0/1 flag sent as number, numeric string or boolean. */
export const flag = (message = 'system.parameterError') =>
  v.pipe(
    v.union([v.picklist([0, 1], message), v.picklist(['0', '1'], message), v.boolean(message)], message),
    v.transform((x) => (x === true || x === 1 || x === '1' ? 1 : 0)),
  );
