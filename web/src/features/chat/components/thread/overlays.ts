// The thread's overlays that a tap opens (the image preview, the long-press menu, the reaction
// picker): what opens them lives here, apart from their code, which loads on first use
// (lazy-hosts.tsx), so a bubble can open one without bringing it into the chat's first download.
import { createOverlay } from '@web/lib/overlay-store';

import type { ChatMessage } from '../../types';
import type { MenuAction } from './message-display-rules';

export const previewOverlay = createOverlay<{ messageId: string }>();
/** Opens the preview at an image message of the thread. */
export const showImagePreview = (messageId: string) => previewOverlay.show({ messageId });

export interface MenuRequest {
  message: ChatMessage;
  actions: MenuAction[];
  rect: { top: number; bottom: number; left: number; right: number };
}

export const menuOverlay = createOverlay<MenuRequest>();
export const showMessageMenu = (request: MenuRequest) => request.actions.length > 0 && menuOverlay.show(request);
export const closeMessageMenu = menuOverlay.hide;

export const reactionOverlay = createOverlay<ChatMessage>();
export const showReactionPicker = reactionOverlay.show;
