// One voice recording: microphone → MediaRecorder → (on stop) decoded and re-encoded as WAV.
// Failures come out as the locale key to show, so the caller only toasts.
import { encodeWav, mixToMono, resample, VOICE_SAMPLE_RATE } from './wav-encoder';

export type RecordingError = 'error.microphoneDenied' | 'error.recordingFailed' | 'error.compressionFailed';

export class RecordingFailure extends Error {
  constructor(readonly key: RecordingError) {
    super(key);
  }
}

export class VoiceRecording {
  private chunks: Blob[] = [];
  readonly startedAt = Date.now();

  private constructor(
    private readonly stream: MediaStream,
    private readonly recorder: MediaRecorder,
  ) {
    recorder.addEventListener('dataavailable', (e) => e.data.size && this.chunks.push(e.data));
    recorder.start();
  }

  static async start(): Promise<VoiceRecording> {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
      throw new RecordingFailure('error.recordingFailed');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const denied =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      throw new RecordingFailure(denied ? 'error.microphoneDenied' : 'error.recordingFailed');
    }
    try {
      return new VoiceRecording(stream, new MediaRecorder(stream));
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      throw new RecordingFailure('error.recordingFailed');
    }
  }

  /** Stops and returns what was recorded, in the browser's own format. */
  stop(): Promise<Blob> {
    return new Promise((resolve) => {
      this.recorder.addEventListener('stop', () => resolve(new Blob(this.chunks, { type: this.recorder.mimeType })), {
        once: true,
      });
      if (this.recorder.state !== 'inactive') this.recorder.stop();
      this.stream.getTracks().forEach((track) => track.stop());
    });
  }

  cancel(): void {
    void this.stop();
  }
}

/** Decodes a recording and writes it as 16 kHz mono WAV, with its true length in seconds. */
export async function toWav(recorded: Blob): Promise<{ wav: Blob; seconds: number }> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
    const samples = resample(mixToMono(channels), audio.sampleRate, VOICE_SAMPLE_RATE);
    return { wav: new Blob([encodeWav(samples, VOICE_SAMPLE_RATE)], { type: 'audio/wav' }), seconds: audio.duration };
  } catch {
    throw new RecordingFailure('error.compressionFailed');
  } finally {
    void context.close();
  }
}
