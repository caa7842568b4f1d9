// The picking, cropping and uploading of a new picture that my avatar (the profile form) and a
// group's picture share (features/profile/hooks/use-picture-upload.tsx). The cropper itself draws on
// a canvas, which jsdom lacks: here it is a stand-in whose Use hands back the blob the test chose;
// the real one has its own tests (profile-crop-dialog, profile-form).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { hideToast, ToastHost } from '../../web/src/components/ui/toast';
import { usePictureUpload } from '../../web/src/features/profile/hooks/use-picture-upload';
import { AVATAR_MAX_MB } from '../../worker/protocol/people';

const cropped = vi.hoisted(() => ({ blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }) }));
vi.mock('../../web/src/features/profile/components/avatar-crop-dialog', () => ({
  AvatarCropDialog: ({
    file,
    onCropped,
    onCancel,
  }: {
    file: File;
    onCropped: (b: Blob) => void;
    onCancel: () => void;
  }) => (
    <div role="dialog" aria-label={`Crop ${file.name}`}>
      <button type="button" onClick={() => onCropped(cropped.blob)}>
        Use
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  ),
}));

function Picker({ upload }: { upload: (picture: Blob) => Promise<unknown> }) {
  const picture = usePictureUpload(upload, {
    notImage: 'Not a picture',
    tooLarge: (mb) => `Over ${mb} MB`,
    changed: 'Picture changed',
  });
  return (
    <>
      <button type="button" onClick={picture.choose} disabled={picture.busy}>
        Change
      </button>
      <input {...picture.inputProps} aria-label="Picture file" />
      {picture.dialog}
      <ToastHost />
    </>
  );
}

const png = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });

beforeEach(() => {
  act(() => hideToast());
  cropped.blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
});

describe('a new picture', () => {
  it('refuses a file that is not a picture, opening no cropper', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Picker upload={vi.fn()} />);
    await user.upload(screen.getByLabelText('Picture file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('status').textContent).toBe('Not a picture');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('crops a picked picture and uploads the crop, the button off meanwhile, then says it changed', async () => {
    const user = userEvent.setup();
    let finish = () => undefined as void;
    const upload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Picker upload={upload} />);
    await user.upload(screen.getByLabelText('Picture file'), png);
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.queryByRole('dialog', { name: 'Crop me.png' })).toBeNull();
    expect(upload).toHaveBeenCalledWith(cropped.blob);
    expect((screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Picture changed');
  });

  it('sends no crop larger than the server takes, and nothing when cancelled', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(() => Promise.resolve());
    render(<Picker upload={upload} />);
    await user.upload(screen.getByLabelText('Picture file'), png);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cropped.blob = new Blob([new Uint8Array(AVATAR_MAX_MB * 1024 * 1024 + 1)]);
    await user.upload(screen.getByLabelText('Picture file'), png);
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByRole('status').textContent).toBe(`Over ${AVATAR_MAX_MB} MB`);
    expect(upload).not.toHaveBeenCalled();
  });

  it('says nothing changed when the upload fails (the API client has told why)', async () => {
    const user = userEvent.setup();
    render(<Picker upload={() => Promise.reject(new Error('refused'))} />);
    await user.upload(screen.getByLabelText('Picture file'), png);
    await user.click(screen.getByRole('button', { name: 'Use' }));
    await act(async () => undefined);
    expect(screen.queryByRole('status')).toBeNull();
    expect((screen.getByRole('button', { name: 'Change' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
