// The part of a file a `Range` header asks for (RFC 9110 §14.2), decided from the file's size
// before R2 is asked, so suffix ranges and unsatisfiable ones are answered by our rules, not R2's.

export type ByteRange =
  { kind: 'whole' } | { kind: 'part'; offset: number; length: number } | { kind: 'unsatisfiable' };

const WHOLE = { kind: 'whole' } as const;
const UNSATISFIABLE = { kind: 'unsatisfiable' } as const;

/**
 * No header, another unit, or several ranges (we send no multipart/byteranges) mean the whole
 * file, which RFC 9110 allows a server to answer; a malformed or unsatisfiable byte range is 416.
 */
export function byteRange(header: string | null | undefined, size: number): ByteRange {
  const match = /^\s*bytes\s*=(.*)$/i.exec(header ?? '');
  if (!match) return WHOLE;
  const spec = match[1]!.trim();
  if (spec.includes(',')) return WHOLE;
  const bounds = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!bounds || (bounds[1] === '' && bounds[2] === '') || size === 0) return UNSATISFIABLE;
  const [first, last] = [bounds[1]!, bounds[2]!];
  if (first === '') {
    // A suffix: the last N bytes, or the whole file when it is shorter.
    const suffix = Number(last);
    if (suffix === 0) return UNSATISFIABLE;
    const offset = Math.max(0, size - suffix);
    return { kind: 'part', offset, length: size - offset };
  }
  const start = Number(first);
  if (start >= size || (last !== '' && Number(last) < start)) return UNSATISFIABLE;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'part', offset: start, length: end - start + 1 };
}
