// A new picture for an avatar, mine or a group's: a hidden file input that takes an image (anything
// else is refused with a toast), the square cropper over it, then the upload of the cropped picture
// (refused with a toast above AVATAR_MAX_MB, the server's limit) and a toast when it is set. The
// owner gives the upload and the words, and places the input, its button and the dialog.
import { type ChangeEvent, useRef, useState } from 'react';

import { AVATAR_EXT, AVATAR_MAX_MB } from '@protocol/people';
import { showToast } from '@web/components/ui/toast';

import { AvatarCropDialog } from '../components/avatar-crop-dialog';

interface PictureTexts {
  notImage: string;
  tooLarge: (mb: number) => string;
  changed: string;
}

export function usePictureUpload(upload: (picture: Blob) => Promise<unknown>, texts: PictureTexts) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!file.type.startsWith('image/') && !(AVATAR_EXT as readonly string[]).includes(extension))
      return showToast(texts.notImage);
    setPicked(file);
  };

  const send = async (picture: Blob) => {
    setPicked(null);
    if (picture.size > AVATAR_MAX_MB * 1024 * 1024) return showToast(texts.tooLarge(AVATAR_MAX_MB));
    setBusy(true);
    try {
      await upload(picture);
      showToast(texts.changed);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    /** Opens the file picker (the owner's visible button). */
    choose: () => input.current?.click(),
    /** The hidden file input's props; the owner adds how it is named or hidden. */
    inputProps: { ref: input, type: 'file', accept: 'image/*', className: 'hidden', onChange: pick, tabIndex: -1 },
    dialog: picked && (
      <AvatarCropDialog file={picked} onCropped={(picture) => void send(picture)} onCancel={() => setPicked(null)} />
    ),
  };
}
