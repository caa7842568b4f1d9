// Sends what the "+" panel picked, after the checks of count, type, size, and for a
// video its length read from the file's metadata. Files pasted into the composer or dropped on
// the chat go the same way, sorted into photos, videos and files, once the user confirms.
import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import type { TFunction } from '@web/lib/i18n';

import { chatConfig, VIDEO_MAX_SECONDS } from '../../config/chat-config';
import { chatStore } from '../../state/chat-store';
import { compressImage } from './compress-image';
import { checkPick, type PickKind, videoDuration } from './pick-rules';

export async function sendPicked(contactKey: string, kind: PickKind, files: File[], t: TFunction): Promise<void> {
  const problem = checkPick(files, kind, chatConfig());
  if (problem) return showToast(t(problem.key, problem.params ?? {}));
  for (const file of files) {
    if (kind === 'video') {
      const seconds = await videoDuration(file);
      if (seconds !== null && seconds > VIDEO_MAX_SECONDS) {
        showToast(t('chat.pick.videoTooLong'));
        continue;
      }
      void chatStore.sender.sendFile(contactKey, file, file.name, 'video', seconds ? Math.ceil(seconds) : undefined);
    } else if (kind === 'image') {
      // If the browser cannot shrink it, the original goes: the server checks the size anyway.
      const small = await compressImage(file);
      void chatStore.sender.sendFile(contactKey, small ?? file, (small ?? file).name, kind);
    } else {
      // Not awaited: every pick shows at once as pending; the outbox uploads them in order.
      void chatStore.sender.sendFile(contactKey, file, file.name, kind);
    }
  }
}

const kindOf = (file: File): PickKind =>
  file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : 'file';

/** Pasted or dropped files: asks first (a paste is easy to make by mistake), then sends by kind. */
export async function sendDropped(contactKey: string, files: File[], t: TFunction): Promise<void> {
  if (files.length === 0) return;
  const question =
    files.length === 1
      ? t('chat.pick.confirmOne', { name: files[0]!.name })
      : t('chat.pick.confirmMany', { count: files.length });
  if (!(await showDialog(question, { showCancel: true }))) return;
  for (const kind of ['image', 'video', 'file'] as const) {
    const picked = files.filter((f) => kindOf(f) === kind);
    // The "+" panel takes one video at a time; so does a drop.
    if (kind === 'video') for (const video of picked) await sendPicked(contactKey, kind, [video], t);
    else if (picked.length) await sendPicked(contactKey, kind, picked, t);
  }
}
