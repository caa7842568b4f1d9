// R2 access for uploaded files: bytes only, under keys the server generates. Who may read a
// file is decided by the caller from the D1 row, never here.
import { nanoid } from 'nanoid';

export function storageKey(type: string, ext: string, now = new Date()): string {
  return `${type}/${now.toISOString().slice(0, 10)}/${nanoid()}.${ext}`;
}

export const putBytes = (bucket: R2Bucket, key: string, bytes: Uint8Array, contentType: string) =>
  bucket.put(key, bytes, { httpMetadata: { contentType } });

/**
 * Reads a whole object, or the part of it a media player asked for (byte-range.ts decides which).
 * The request's conditions (If-None-Match, If-Modified-Since, ...) go along: when one fails, the
 * object comes without a body.
 */
export const readBytes = (
  bucket: R2Bucket,
  key: string,
  requestHeaders: Headers,
  range?: { offset: number; length: number },
) => bucket.get(key, { onlyIf: requestHeaders, ...(range ? { range } : {}) });

/** Deletes objects (R2 takes up to 1000 keys at once). */
export const deleteBytes = (bucket: R2Bucket, keys: string | string[]) => bucket.delete(keys);
