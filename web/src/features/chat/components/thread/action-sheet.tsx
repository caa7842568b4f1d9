// showActionSheet() opens the shared sheet from anywhere in the chat screen and resolves with the
// chosen option's index, or null when cancelled. Used for the failed-message choices (Retry / Delete),
// titled with the server's reason for the refusal.
import { ActionSheet, type SheetOption } from '@web/components/ui/action-sheet';
import { createOverlay } from '@web/lib/overlay-store';

interface SheetRequest {
  title?: string;
  options: SheetOption[];
  resolve: (index: number | null) => void;
}

const sheet = createOverlay<SheetRequest>();

export function showActionSheet(options: SheetOption[], title?: string): Promise<number | null> {
  sheet.get()?.resolve(null);
  return new Promise((resolve) => sheet.show({ title, options, resolve }));
}

function choose(index: number | null): void {
  const request = sheet.get();
  sheet.hide();
  request?.resolve(index);
}

export function ActionSheetHost() {
  const request = sheet.useCurrent();
  return request ? <ActionSheet title={request.title} options={request.options} onChoose={choose} /> : null;
}
