// Checks a pick before anything is uploaded: how many files, which extensions
// and how large. The answer is the locale key to show, or null when the pick may go out.
import type { TKey } from '@web/lib/i18n';

import { type ChatConfig, FILE_PICK_MAX, IMAGE_PICK_MAX } from '../../config/chat-config';

export type PickKind = 'image' | 'video' | 'file';

export interface PickProblem {
  key: TKey;
  params?: Record<string, string | number>;
}

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

export function checkPick(
  files: { name: string; size: number }[],
  kind: PickKind,
  config: Pick<ChatConfig, 'fileExt' | 'fileMaxMb'>,
): PickProblem | null {
  if (files.length === 0) return null;
  if (kind === 'image' && files.length > IMAGE_PICK_MAX)
    return { key: 'chat.pick.tooManyImages', params: { count: IMAGE_PICK_MAX } };
  if (kind === 'file' && files.length > FILE_PICK_MAX)
    return { key: 'chat.pick.tooManyFiles', params: { count: FILE_PICK_MAX } };
  const refused = files.find((f) => !config.fileExt.includes(extensionOf(f.name)));
  if (refused) return { key: 'chat.pick.typeNotAllowed', params: { name: refused.name } };
  if (files.some((f) => f.size === 0)) return { key: 'chat.pick.empty' };
  if (files.some((f) => f.size > config.fileMaxMb * 1024 * 1024))
    return { key: 'chat.pick.tooLarge', params: { size: config.fileMaxMb } };
  return null;
}

/** Reads a video's length from its metadata; null when the browser cannot tell. */
export function videoDuration(file: Blob, timeoutMs = 8000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
