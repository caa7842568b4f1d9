// Sends what the "+" panel picked, after the checks of spec §5: count, type, size, and for a
// video its length read from the file's metadata.
import type { TFunction } from '../../../../lib/i18n';
import { showToast } from '../../../../components/ui/toast';
import { chatStore } from '../../state/chat-store';
import { chatConfig, VIDEO_MAX_SECONDS } from '../thread/chat-config';
import { checkPick, videoDuration, type PickKind } from './pick-rules';
import { compressImage } from './compress-image';

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
