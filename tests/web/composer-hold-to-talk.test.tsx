// "Hold to talk": under a second is refused with a notice, a longer hold is sent with its length,
// sliding up cancels, and a new press takes the last notice away. The microphone (MediaRecorder,
// getUserMedia) and the WAV conversion (AudioContext) do not exist in jsdom, so the recording
// module is replaced by a stand-in that reports how long it was held.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { hideToast, ToastHost } from '../../web/src/components/ui/toast';
import { HoldToTalk } from '../../web/src/features/chat/components/composer/hold-to-talk';

const recorder = vi.hoisted(() => ({ heldMs: 0, cancelled: 0 }));

vi.mock('../../web/src/features/chat/components/composer/voice-recording', () => {
  class RecordingFailure extends Error {}
  class VoiceRecording {
    readonly startedAt = Date.now() - recorder.heldMs;
    static async start() {
      return new VoiceRecording();
    }
    async stop() {
      return new Blob(['audio']);
    }
    cancel() {
      recorder.cancelled += 1;
    }
  }
  return {
    RecordingFailure,
    VoiceRecording,
    toWav: async () => ({ wav: new Blob(['RIFF']), seconds: recorder.heldMs / 1000 }),
  };
});

function setup() {
  const onRecorded = vi.fn();
  render(
    <>
      <HoldToTalk onRecorded={onRecorded} />
      <ToastHost />
    </>,
  );
  const button = () => screen.getByRole('button');
  /** Press at `y`, let the recording start, and hold for `ms` (as the stand-in reports it). */
  const press = async (ms: number, y = 600) => {
    recorder.heldMs = ms;
    fireEvent.pointerDown(button(), { clientY: y, pointerId: 1 });
    await act(async () => undefined);
  };
  const release = async () => {
    fireEvent.pointerUp(button(), { pointerId: 1 });
    await act(async () => undefined);
  };
  return { onRecorded, button, press, release };
}

beforeEach(() => {
  recorder.heldMs = 0;
  recorder.cancelled = 0;
  hideToast(); // the toast is one for the whole app: none left from another test
});

describe('hold to talk', () => {
  it('refuses a recording under a second and sends a longer one with its length', async () => {
    const { onRecorded, button, press, release } = setup();
    expect(button().textContent).toBe('Hold to talk');
    await press(400);
    expect(button().textContent).toBe('Release to send');
    expect(screen.getByText('Slide up to cancel')).toBeTruthy();
    await release();
    expect(screen.getByRole('status').textContent).toBe('Recording too short');
    expect(onRecorded).not.toHaveBeenCalled();

    await press(2500);
    await release();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded.mock.calls[0]![1]).toBe(2.5);
    expect(button().textContent).toBe('Hold to talk');
  });

  it('takes the last "too short" notice away when a new recording starts', async () => {
    const { press, release } = setup();
    await press(300);
    await release();
    expect(screen.getByRole('status').textContent).toBe('Recording too short');
    await press(300);
    // Only the recording overlay speaks now.
    expect(screen.queryByText('Recording too short')).toBeNull();
    expect(screen.getByText('Slide up to cancel')).toBeTruthy();
  });

  it('cancels when the finger slides up, and sends nothing', async () => {
    const { onRecorded, button, press, release } = setup();
    await press(3000, 600);
    fireEvent.pointerMove(button(), { clientY: 520, pointerId: 1 });
    expect(screen.getByText('Release to cancel')).toBeTruthy();
    await release();
    expect(recorder.cancelled).toBe(1);
    expect(onRecorded).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
