// Files pasted into the composer or dropped on the chat are sent after a confirmation, sorted
// into photos, videos and files and checked like a pick from the "+" panel; pasted text stays text.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DialogHost } from '../../web/src/components/ui/dialog';
import { hideToast, ToastHost } from '../../web/src/components/ui/toast';
import { Composer } from '../../web/src/features/chat/components/composer/composer';
import { useFileDrop } from '../../web/src/features/chat/hooks/use-file-drop';
import { chatStore } from '../../web/src/features/chat/state/chat-store';

const file = (name: string, type: string, text = 'hello') => new File([text], name, { type });

function renderComposer() {
  const sendFile = vi.spyOn(chatStore.sender, 'sendFile').mockResolvedValue();
  hideToast();
  render(
    <>
      <Composer contactKey="8" />
      <ToastHost />
      <DialogHost />
    </>,
  );
  return { sendFile, input: screen.getByRole('textbox', { name: 'Message' }) };
}

const paste = (input: HTMLElement, files: File[], text = '') =>
  fireEvent.paste(input, {
    clipboardData: { files, types: files.length ? ['Files'] : ['text/plain'], getData: () => text },
  });

const answer = async (button: 'OK' | 'Cancel') => {
  const dialog = await screen.findByRole('alertdialog');
  const text = dialog.textContent;
  fireEvent.click(screen.getByRole('button', { name: button }));
  return text;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pasting files into the composer', () => {
  it('asks before sending a pasted file, and sends nothing when cancelled', async () => {
    const { sendFile, input } = renderComposer();
    const notes = file('notes.txt', 'text/plain');
    paste(input, [notes]);
    expect(await answer('Cancel')).toContain('Send “notes.txt” to this chat?');
    expect(sendFile).not.toHaveBeenCalled();

    paste(input, [notes]);
    await answer('OK');
    await waitFor(() => expect(sendFile).toHaveBeenCalledWith('8', notes, 'notes.txt', 'file'));
    expect(sendFile).toHaveBeenCalledTimes(1);
  });

  it('sends several pasted files by kind: photos as photos, the rest as files', async () => {
    const { sendFile, input } = renderComposer();
    const shot = file('image.png', 'image/png');
    const doc = file('plan.pdf', 'application/pdf');
    paste(input, [doc, shot]);
    expect(await answer('OK')).toContain('Send 2 files to this chat?');
    await waitFor(() => expect(sendFile).toHaveBeenCalledTimes(2));
    expect(sendFile.mock.calls.map((c) => [c[2], c[3]])).toEqual([
      ['image.png', 'image'],
      ['plan.pdf', 'file'],
    ]);
  });

  it('refuses a pasted file of a type that cannot be sent, with the notice', async () => {
    const { sendFile, input } = renderComposer();
    paste(input, [file('tool.exe', 'application/octet-stream')]);
    await answer('OK');
    expect(await screen.findByText('This file type cannot be sent: tool.exe')).toBeTruthy();
    expect(sendFile).not.toHaveBeenCalled();
  });

  it('leaves a paste of text to the text box', () => {
    const { sendFile, input } = renderComposer();
    const event = paste(input, [], 'just words');
    // Not taken over: the browser puts the text in (fireEvent returns false when prevented).
    expect(event).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sendFile).not.toHaveBeenCalled();
  });
});

function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { dragging, handlers } = useFileDrop(onFiles);
  return (
    <div data-testid="zone" {...handlers}>
      <p data-testid="child">thread</p>
      {dragging && <p>Drop here</p>}
    </div>
  );
}

describe('dropping files on the chat', () => {
  const drag = (types: string[], files: File[] = []) => ({ dataTransfer: { types, files, dropEffect: 'none' } });

  it('shows the drop hint while files are over it, through its children, and hands over the drop', () => {
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    const notes = file('notes.txt', 'text/plain');
    fireEvent.dragEnter(zone, drag(['Files']));
    fireEvent.dragEnter(screen.getByTestId('child'), drag(['Files']));
    fireEvent.dragLeave(screen.getByTestId('child'), drag(['Files']));
    expect(screen.getByText('Drop here')).toBeTruthy();
    // The browser would open the file itself unless dragover is refused to it.
    expect(fireEvent.dragOver(zone, drag(['Files']))).toBe(false);
    fireEvent.drop(zone, drag(['Files'], [notes]));
    expect(onFiles).toHaveBeenCalledWith([notes]);
    expect(screen.queryByText('Drop here')).toBeNull();
  });

  it('ignores dragged text and links, and files dragged away again', () => {
    const onFiles = vi.fn();
    render(<DropZone onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    fireEvent.dragEnter(zone, drag(['text/plain']));
    expect(screen.queryByText('Drop here')).toBeNull();
    expect(fireEvent.dragOver(zone, drag(['text/uri-list']))).toBe(true);
    fireEvent.dragEnter(zone, drag(['Files']));
    act(() => void fireEvent.dragLeave(zone, drag(['Files'])));
    expect(screen.queryByText('Drop here')).toBeNull();
    expect(onFiles).not.toHaveBeenCalled();
  });
});
