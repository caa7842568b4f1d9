// The one modal frame (components/ui/modal.tsx) that the app's dialogs share: a dialog named by its
// title, aria-modal, the focus moved in and given back, Tab kept inside, Escape and (where asked) a
// tap beside the panel closing it. Then two dialogs that built their own frame before and neither
// kept Tab inside nor gave the focus back: the "mute for N days" dialog and the upgrade popup.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { UpgradePopup } from '../../web/src/app/upgrade-popup';
import { Modal, ModalTitle } from '../../web/src/components/ui/modal';
import { MuteDaysDialog } from '../../web/src/features/groups/components/mute-days-dialog';

/** A page with an Open button that shows `dialog` until it closes. */
function Opener({ dialog }: { dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

const frame = (props: Partial<Parameters<typeof Modal>[0]> = {}) =>
  function Frame(close: () => void) {
    return (
      <Modal onClose={close} className="panel" {...props}>
        <ModalTitle className="title">Rename the group</ModalTitle>
        <input aria-label="Name" />
        <button type="button" onClick={close}>
          Done
        </button>
      </Modal>
    );
  };

describe('the shared modal frame', () => {
  it('is a modal dialog named by its title that takes the focus, keeps Tab inside and gives it back', async () => {
    const user = userEvent.setup();
    render(<Opener dialog={frame()} />);
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Rename the group' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toBe('panel');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('starts on the control it names, and closes on a tap beside the panel only where asked', async () => {
    const user = userEvent.setup();
    const first = render(<Opener dialog={frame({ backdropCloses: true, initialFocus: 'button' })} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();

    first.unmount();
    render(<Opener dialog={frame()} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('stays open on Escape while it may not close, and takes a label where it shows no title', async () => {
    const user = userEvent.setup();
    render(
      <Modal onClose={null} label="Pick an emoji" role="alertdialog" className="panel">
        <button type="button">Smile</button>
      </Modal>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Pick an emoji' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});

describe('dialogs on the shared frame', () => {
  it('"Mute for N days" keeps Tab inside and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    render(
      <Opener
        dialog={(close) => (
          <MuteDaysDialog
            name="Ann"
            onDone={(days) => {
              done(days);
              close();
            }}
          />
        )}
      />,
    );
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    expect(screen.getByRole('dialog', { name: /Ann/ }).getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('spinbutton'));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('spinbutton'));
    await user.keyboard('{Escape}');
    expect(done).toHaveBeenCalledWith(null);
    expect(document.activeElement).toBe(open);
  });

  it('the upgrade popup keeps Tab on its buttons and gives the focus back on Later', async () => {
    const user = userEvent.setup();
    render(
      <Opener dialog={(close) => <UpgradePopup onUpdate={() => new Promise(() => undefined)} onLater={close} />} />,
    );
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    expect(screen.getByRole('dialog', { name: 'A new version is available' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});
