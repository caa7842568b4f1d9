// @vitest-environment node
// Voice recordings are sent as 16-bit mono PCM WAV written by the client.
import { describe, expect, it } from 'vitest';

import { encodeWav, mixToMono, resample } from '../../web/src/features/chat/components/composer/wav-encoder';

const ascii = (view: DataView, at: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(at + i)));

describe('WAV encoder', () => {
  it('writes a 44-byte RIFF/WAVE header for 16-bit mono PCM', () => {
    const view = new DataView(encodeWav(new Float32Array(1000), 16_000));
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
  });

  it('declares lengths that match the samples written', () => {
    const buffer = encodeWav(new Float32Array(1000), 16_000);
    const view = new DataView(buffer);
    expect(buffer.byteLength).toBe(44 + 2000);
    expect(view.getUint32(40, true)).toBe(2000);
    expect(view.getUint32(4, true)).toBe(buffer.byteLength - 8);
  });

  it('writes samples little-endian and clamps out-of-range values', () => {
    const view = new DataView(encodeWav(Float32Array.from([0, 1, -1, 2, -2, 0.5]), 8000));
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 32767, -32768, 16383,
    ]);
  });

  it('mixes channels to mono and resamples to the target rate', () => {
    expect(Array.from(mixToMono([Float32Array.from([1, 0]), Float32Array.from([0, 0])]))).toEqual([0.5, 0]);
    expect(resample(new Float32Array(48_000), 48_000, 16_000).length).toBe(16_000);
  });
});
