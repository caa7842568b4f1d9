// The composer's parts that only a tap opens: the emoji panel, the "+" panel and
// "Hold to talk" with the recorder behind it are chunks of their own, downloaded the first time
// they open rather than with the chat.
import { onFirstUse } from '@web/components/ui/on-first-use';

export const EmojiPanel = onFirstUse(() => import('./emoji-panel').then((m) => m.EmojiPanel));
export const PlusPanel = onFirstUse(() => import('./plus-panel').then((m) => m.PlusPanel));
export const HoldToTalk = onFirstUse(() => import('./hold-to-talk').then((m) => m.HoldToTalk));
