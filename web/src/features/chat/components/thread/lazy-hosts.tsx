// The thread's tap-opened overlays as the chat screen mounts them: each host renders nothing, and
// no code of its overlay is downloaded, until it is first opened (overlays.ts); from then on the
// overlay's own host stays mounted. Leaving the chat closes whatever is open, loaded or not.
import { type ComponentProps, useEffect } from 'react';

import { onFirstUse, useOpenedOnce } from '@web/components/ui/on-first-use';

import type { ImagePreviewHost as Preview } from './image-preview';
import type { MessageMenuHost as Menu } from './message-menu';
import { menuOverlay, previewOverlay, reactionOverlay } from './overlays';
import type { ReactionPickerHost as Picker } from './reaction-picker';

const LoadedPreview = onFirstUse(() => import('./image-preview').then((m) => m.ImagePreviewHost));
const LoadedMenu = onFirstUse(() => import('./message-menu').then((m) => m.MessageMenuHost));
const LoadedPicker = onFirstUse(() => import('./reaction-picker').then((m) => m.ReactionPickerHost));

export function ImagePreviewHost(props: ComponentProps<typeof Preview>) {
  const used = useOpenedOnce(previewOverlay.useCurrent() !== null);
  useEffect(() => previewOverlay.hide, []);
  return used ? <LoadedPreview {...props} /> : null;
}

export function MessageMenuHost(props: ComponentProps<typeof Menu>) {
  const used = useOpenedOnce(menuOverlay.useCurrent() !== null);
  useEffect(() => menuOverlay.hide, []);
  return used ? <LoadedMenu {...props} /> : null;
}

export function ReactionPickerHost(props: ComponentProps<typeof Picker>) {
  const used = useOpenedOnce(reactionOverlay.useCurrent() !== null);
  useEffect(() => reactionOverlay.hide, []);
  return used ? <LoadedPicker {...props} /> : null;
}
