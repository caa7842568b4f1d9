// showActionSheet() opens the shared sheet from anywhere in the chat screen and resolves with the
// chosen option's index, or null when cancelled. Used for the failed-message choices (Retry / Delete).
import { ActionSheet, type SheetOption } from '../../../../components/ui/action-sheet';
import { createOverlay } from '../../../../lib/overlay-store';

interface SheetRequest {
  options: SheetOption[];
  resolve: (index: number | null) => void;
}

const sheet = createOverlay<SheetRequest>();

export function showActionSheet(options: SheetOption[]): Promise<number | null> {
  sheet.get()?.resolve(null);
  return new Promise((resolve) => sheet.show({ options, resolve }));
}

function choose(index: number | null): void {
  const request = sheet.get();
  sheet.hide();
  request?.resolve(index);
}

export function ActionSheetHost() {
  const request = sheet.useCurrent();
  return request ? <ActionSheet options={request.options} onChoose={choose} /> : null;
}
