// The envelope around every REST answer: `code` 0 success, -1
// log in again, 400–502 a refusal whose `msg` is already translated; `count` and `page` on lists.
// The Worker's errors middleware builds it; the web API client parses every answer with it.
import * as v from 'valibot';

export const EnvelopeSchema = v.object({
  code: v.number(),
  msg: v.optional(v.string(), ''),
  data: v.optional(v.unknown()),
  count: v.optional(v.number()),
  page: v.optional(v.number()),
});
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;
