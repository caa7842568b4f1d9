// The chat's input bar: voice/keyboard toggle, the text box (or "Hold to talk"), emoji and
// "+" panels, Send once there is text, and the quote being replied to.
import { type RefObject, useEffect, useRef, useState } from 'react';

import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { useConfigChanges } from '@web/lib/system-info';

import { chatConfig, TEXT_MAX } from '../../config/chat-config';
import { chatStore } from '../../state/chat-store';
import { useTypingSignal } from '../../typing';
import { callContact, canCall } from '../thread/call-contact';
import { EditBar, QuoteBar } from './composer-bars';
import { composerDraft, useComposerDraft } from './composer-draft';
import { KeyboardIcon, MicIcon, PlusIcon, SmileIcon } from './composer-icons';
import { editLastMessage, editMessage } from './edit-message';
import { EmojiPanel, HoldToTalk, PlusPanel } from './lazy-panels';
import { type MentionCandidate, mentionedIds, MentionPicker } from './mention-picker';
import { MessageInput } from './message-input';
import { sendDropped, sendPicked } from './send-picked';
import { useCaretEditing } from './use-caret-editing';

type Panel = 'none' | 'emoji' | 'plus';
const ICON_BUTTON = 'mb-1 flex size-8 shrink-0 items-center justify-center text-neutral-700 active:opacity-50';

interface ComposerProps {
  contactKey: string;
  /** Why I cannot write here now (a group's mute), shown instead of the inputs. */
  blocked?: string | null;
  /** A group's members I may mention (id 0: everyone); "@" opens the picker when given. */
  mentions?: readonly MentionCandidate[] | null;
}

/** The reason an emptied edit cannot be saved (one composer on a page). */
const EMPTY_EDIT_ID = 'composer-empty-edit';

export function Composer({ contactKey, blocked = null, mentions = null }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [voiceMode, setVoiceMode] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const input = useRef<HTMLTextAreaElement>(null);
  const { quote, editing } = useComposerDraft();
  const caret = useCaretEditing(input, text, setText);
  // The + panel's call tiles follow the operator's calls switch (canCall reads it).
  useConfigChanges();
  // An edit changes a message already sent: nobody is told I am typing one.
  useTypingSignal(contactKey, blocked || editing ? '' : text);

  const { picked, setPicked, picking, onType, pick, closePicker } = useMentionPicking(
    input,
    text,
    setText,
    mentions,
    caret.insert,
  );
  useDraftFollowing({ input, setText, setVoiceMode, contactKey });

  const send = () => {
    const content = text.trim();
    if (!content) return;
    if (content.length > TEXT_MAX) return showToast(t('chat.textTooLong', { count: TEXT_MAX }));
    if (editing) {
      // A refusal (the window closed meanwhile) is shown by the API client; the text stays to copy.
      void editMessage(contactKey, editing.msg_id, content).then(composerDraft.clearEdit, () => undefined);
      return;
    }
    const q = quote ? { quote: quoteOf(quote) } : undefined;
    // Only a group's send carries mentions (`at`); the one-to-one call stays as it was.
    const everyone = t('groups.mention.all');
    const at = mentions
      ? mentionedIds(
          content,
          picked.map((c) => (c.id === 0 ? { ...c, name: everyone } : c)),
        )
      : [];
    void (at.length
      ? chatStore.sender.sendText(contactKey, content, q, at)
      : chatStore.sender.sendText(contactKey, content, q));
    setText('');
    setPicked([]);
    composerDraft.clearQuote();
  };

  const toggle = (next: Panel) => {
    setPanel((open) => (open === next ? 'none' : next));
    if (next === 'emoji') setVoiceMode(false);
    // Hide the on-screen keyboard so the panel takes its place.
    input.current?.blur();
  };

  const canSend = !voiceMode && text.trim() !== '';
  // An edit whose text was cleared keeps its Save, disabled, with the reason beside it: a sent
  // message cannot become empty (recall removes one), and a vanished Save reads as a lost edit.
  const emptyEdit = Boolean(editing) && !voiceMode && !canSend;
  if (blocked) return <BlockedFooter reason={blocked} />;
  return (
    <footer className="shrink-0 border-t border-black/10 bg-[#f7f7f7] pb-[env(safe-area-inset-bottom)]">
      {picking && mentions && <MentionPicker candidates={mentions} onPick={pick} onClose={closePicker} />}
      {!voiceMode && <DraftBars emptyEdit={emptyEdit} />}
      <div className="flex items-end gap-2 px-2 py-2">
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={t(voiceMode ? 'chat.keyboardMode' : 'chat.voiceMode')}
          onClick={() => {
            setVoiceMode(!voiceMode);
            setPanel('none');
          }}
        >
          {voiceMode ? <KeyboardIcon /> : <MicIcon />}
        </button>
        {voiceMode ? (
          <HoldToTalk
            onRecorded={(wav, seconds) =>
              void chatStore.sender.sendFile(
                contactKey,
                wav,
                `voice-${Date.now()}.wav`,
                'voice',
                Math.round(seconds * 10) / 10,
              )
            }
          />
        ) : (
          <div className="min-w-0 flex-1">
            <MessageInput
              value={text}
              inputRef={input}
              onChange={onType}
              onSend={send}
              onFocus={() => setPanel('none')}
              onPasteFiles={(files) => void sendDropped(contactKey, files, t)}
              onEditLast={() => editLastMessage(contactKey)}
              onEscape={editing ? composerDraft.clearEdit : undefined}
            />
          </div>
        )}
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={t('chat.emojiButton')}
          aria-expanded={panel === 'emoji'}
          onClick={() => toggle('emoji')}
        >
          <SmileIcon />
        </button>
        {canSend || emptyEdit ? (
          <SendButton onSend={send} emptyEdit={emptyEdit} editing={Boolean(editing)} />
        ) : (
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={t('chat.moreButton')}
            aria-expanded={panel === 'plus'}
            onClick={() => toggle('plus')}
          >
            <PlusIcon />
          </button>
        )}
      </div>
      {panel === 'emoji' && <EmojiPanel onPick={caret.insert} onBackspace={caret.backspace} />}
      {panel === 'plus' && <ChatPlusPanel contactKey={contactKey} close={() => setPanel('none')} />}
    </footer>
  );
}

/** Why I cannot write here now, in place of the inputs. */
function BlockedFooter({ reason }: { reason: string }) {
  return (
    <footer className="shrink-0 border-t border-black/10 bg-[#f7f7f7] px-4 py-3.5 pb-[max(0.875rem,env(safe-area-inset-bottom))]">
      <p role="status" className="text-center text-[14px] text-neutral-600">
        {reason}
      </p>
    </footer>
  );
}

/** The quoted message as a send carries it. */
function quoteOf(quote: NonNullable<ReturnType<typeof useComposerDraft>['quote']>) {
  return {
    msg_id: quote.msg_id,
    content: quote.content,
    user_id: quote.user_id ?? 0,
    realname: quote.realname ?? '',
  };
}

/** "@" typed at the caret in a group opens the picker; a pick becomes "@Name " and is remembered for the send. */
function useMentionPicking(
  input: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (next: string) => void,
  mentions: readonly MentionCandidate[] | null,
  insert: (s: string) => void,
) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const [picking, setPicking] = useState(false);
  const onType = (next: string) => {
    const at = input.current?.selectionStart ?? next.length;
    if (mentions?.length && next.length === text.length + 1 && next[at - 1] === '@') setPicking(true);
    setText(next);
  };
  const pick = (c: MentionCandidate) => {
    setPicking(false);
    setPicked((list) => [...list, c]);
    // The "@" just typed becomes "@Name ".
    insert(`${c.id === 0 ? t('groups.mention.all') : c.name} `);
    input.current?.focus();
  };
  const closePicker = () => {
    setPicking(false);
    input.current?.focus();
  };
  return { picked, setPicked, picking, onType, pick, closePicker };
}

/** The input follows the draft: a re-edit or a quote brings the keyboard back, an edit brings its text. */
function useDraftFollowing({
  input,
  setText,
  setVoiceMode,
  contactKey,
}: {
  input: RefObject<HTMLTextAreaElement | null>;
  setText: (next: string) => void;
  setVoiceMode: (on: boolean) => void;
  contactKey: string;
}) {
  const { quote, fill, editing } = useComposerDraft();
  // Re-edit of a recalled message, or a new quote: back to the keyboard, ready to type.
  useEffect(() => {
    if (fill) setText(fill.text.slice(0, TEXT_MAX));
  }, [fill, setText]);
  // Editing one of my messages: its text in the input; cancelling leaves the input empty.
  useEffect(() => {
    setText(editing ? editing.text : '');
  }, [editing, setText]);
  useEffect(() => {
    if (!fill && !quote && !editing) return;
    setVoiceMode(false);
    requestAnimationFrame(() => input.current?.focus());
  }, [fill, quote, editing, input, setVoiceMode]);
  // A quote belongs to the chat it was made in.
  useEffect(() => () => composerDraft.reset(), [contactKey]);
}

/** Send, or Save while editing: an emptied edit keeps it, disabled, with the reason beside it. */
function SendButton({ onSend, emptyEdit, editing }: { onSend: () => void; emptyEdit: boolean; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onSend}
      disabled={emptyEdit}
      aria-describedby={emptyEdit ? EMPTY_EDIT_ID : undefined}
      className="mb-0.5 h-9 shrink-0 rounded-[4px] bg-brand-dark px-3.5 text-[15px] font-medium text-white active:bg-brand-darker disabled:opacity-50"
    >
      {editing ? t('chat.edit.save') : t('chat.send')}
    </button>
  );
}

/** The "+" panel: photos, files and, where calls are on, a call; it closes once one is chosen. */
function ChatPlusPanel({ contactKey, close }: { contactKey: string; close: () => void }) {
  const { t } = useTranslation();
  return (
    <PlusPanel
      fileExt={chatConfig().fileExt}
      onPick={(kind, files) => {
        close();
        void sendPicked(contactKey, kind, files, t);
      }}
      onCall={
        canCall(contactKey)
          ? (video) => {
              close();
              callContact(contactKey, video);
            }
          : undefined
      }
    />
  );
}

/** Above the input: the message being replied to, or the one being edited. */
function DraftBars({ emptyEdit }: { emptyEdit: boolean }) {
  const { quote, editing } = useComposerDraft();
  return (
    <>
      {quote && (
        <div className="pt-2">
          <QuoteBar quote={quote} onClose={composerDraft.clearQuote} />
        </div>
      )}
      {editing && (
        <div className="pt-2">
          <EditBar
            text={editing.text}
            onCancel={composerDraft.clearEdit}
            emptyReason={emptyEdit ? EMPTY_EDIT_ID : undefined}
          />
        </div>
      )}
    </>
  );
}
