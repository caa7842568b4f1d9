// The words for who is typing: "typing…" in a one-to-one chat; in a group "An is
// typing…", "An and Bình are typing…", or "Several people are typing…".
import type { TFunction } from '@web/lib/i18n';

export function typingText(
  ids: number[],
  isGroup: boolean,
  nameOf: (userId: number) => string | undefined,
  t: TFunction,
): string | null {
  if (ids.length === 0) return null;
  if (!isGroup) return t('chat.typing.one');
  if (ids.length > 2) return t('chat.typing.several');
  const names = ids.map((id) => nameOf(id));
  // A member whose name this screen does not know yet still shows that someone is typing.
  if (names.some((name) => !name)) return ids.length === 1 ? t('chat.typing.one') : t('chat.typing.several');
  return ids.length === 1
    ? t('chat.typing.named', { name: names[0] })
    : t('chat.typing.two', { first: names[0], second: names[1] });
}
