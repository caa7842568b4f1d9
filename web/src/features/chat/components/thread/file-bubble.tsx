// A file message: a white card with name, size and an extension badge; tapping downloads it
// (the server serves non-media files as attachments, with the original name).
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { extensionOf } from '../composer/pick-rules';
import { humanSize } from './human-size';
import { mediaSrc } from './message-display-rules';

const EXT_COLOURS: Record<string, string> = {
  pdf: '#e5534b',
  doc: '#2f88ff',
  docx: '#2f88ff',
  xls: '#1aad19',
  xlsx: '#1aad19',
  ppt: '#f5a623',
  pptx: '#f5a623',
};

export function FileBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const name = message.fileName ?? message.file?.name ?? '';
  const ext = (message.file?.ext ?? extensionOf(name)).toLowerCase().slice(0, 4);
  const src = mediaSrc(message);
  // Without a name, download="" lets the browser take the one the server sends.
  return (
    <a
      href={src || undefined}
      download={name}
      className="flex w-[220px] items-center gap-3 rounded-[6px] bg-white px-3 py-3 active:bg-neutral-100"
    >
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-[15px] leading-5 break-all text-[#111]">
          {name || t('chat.unnamedFile')}
        </span>
        <span className="mt-1 block text-[12px] text-neutral-400">
          {humanSize(message.fileSize ?? message.file?.size)}
        </span>
      </span>
      <span
        aria-hidden="true"
        style={{ background: EXT_COLOURS[ext] ?? '#8a8a8a' }}
        className="flex h-11 w-9 shrink-0 items-end justify-center rounded-[3px] pb-1 text-[10px] font-semibold text-white uppercase"
      >
        {ext || '?'}
      </span>
    </a>
  );
}
