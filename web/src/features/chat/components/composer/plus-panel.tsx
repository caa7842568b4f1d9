// The "+" panel: photos (up to 9), a video (up to 60 s) and files (up to 100), each through a
// hidden file input so the system picker opens; in a one-to-one chat, voice and video calls.
import { type ReactNode, useRef } from 'react';

import { type TKey, useTranslation } from '@web/lib/i18n';

import { CameraIcon, FolderIcon, PhoneIcon, PhotoIcon, VideoIcon } from './composer-icons';
import type { PickKind } from './pick-rules';

interface Tile {
  kind: PickKind;
  label: TKey;
  icon: ReactNode;
  accept?: string;
  multiple: boolean;
}

const TILES: Tile[] = [
  { kind: 'image', label: 'chat.plus.photos', icon: <PhotoIcon />, accept: 'image/*', multiple: true },
  { kind: 'video', label: 'chat.plus.video', icon: <VideoIcon />, accept: 'video/*', multiple: false },
  { kind: 'file', label: 'chat.plus.file', icon: <FolderIcon />, multiple: true },
];

interface PlusPanelProps {
  fileExt: string[];
  onPick: (kind: PickKind, files: File[]) => void;
  /** Given where a call is possible (one-to-one, calls on): the two call tiles. */
  onCall?: (video: boolean) => void;
}

export function PlusPanel({ fileExt, onPick, onCall }: PlusPanelProps) {
  return (
    <div className="grid h-[200px] grid-cols-4 content-start gap-y-4 border-t border-black/5 bg-[#f5f5f5] px-5 pt-6">
      {TILES.map((tile) => (
        <PickTile
          key={tile.kind}
          tile={tile}
          accept={tile.accept ?? fileExt.map((x) => `.${x}`).join(',')}
          onPick={onPick}
        />
      ))}
      {onCall && <ActionTile label="call.voiceCall" icon={<PhoneIcon />} onClick={() => onCall(false)} />}
      {onCall && <ActionTile label="call.videoCall" icon={<CameraIcon />} onClick={() => onCall(true)} />}
    </div>
  );
}

function ActionTile({ label, icon, onClick }: { label: TKey; icon: ReactNode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center">
      <button type="button" onClick={onClick} className="group flex flex-col items-center gap-1.5 outline-none">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-white text-neutral-700 group-active:bg-neutral-200 group-focus-visible:ring-2 group-focus-visible:ring-brand">
          {icon}
        </span>
        <span className="text-[12px] text-neutral-500">{t(label)}</span>
      </button>
    </div>
  );
}

function PickTile({
  tile,
  accept,
  onPick,
}: {
  tile: Tile;
  accept: string;
  onPick: (kind: PickKind, files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col items-center">
      {/* The caption is inside the button: it is the button's name for screen readers and a tap target too. */}
      <button
        type="button"
        onClick={() => input.current?.click()}
        className="group flex flex-col items-center gap-1.5 outline-none"
      >
        <span className="flex size-16 items-center justify-center rounded-2xl bg-white text-neutral-700 group-active:bg-neutral-200 group-focus-visible:ring-2 group-focus-visible:ring-brand">
          {tile.icon}
        </span>
        <span className="text-[12px] text-neutral-500">{t(tile.label)}</span>
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={tile.multiple}
        aria-label={t(tile.label)}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Picking the same file again must fire another change.
          e.currentTarget.value = '';
          if (files.length) onPick(tile.kind, files);
        }}
      />
    </div>
  );
}
