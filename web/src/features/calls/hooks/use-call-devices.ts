// What this device offers during a call: how many cameras (switching needs two), and whether the
// browser can send the other person's voice to another output (setSinkId: speaker ↔ earpiece).
import { useCallback, useEffect, useState } from 'react';

import type { CallMedia } from '../engine/call-media';

interface OutputChoice {
  speaker: string;
  earpiece: string;
}

const canChooseOutput = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export function useCallDevices(engine: CallMedia | null) {
  const [cameras, setCameras] = useState(0);
  const [outputs, setOutputs] = useState<OutputChoice | null>(null);
  const [speaker, setSpeaker] = useState(true);
  // Devices are listed once media are granted (labels and ids come with the permission).
  const granted = Boolean(engine?.local);
  useEffect(() => {
    if (!granted || !navigator.mediaDevices?.enumerateDevices) return;
    let live = true;
    void navigator.mediaDevices.enumerateDevices().then(
      (devices) => {
        if (!live) return;
        setCameras(devices.filter((d) => d.kind === 'videoinput').length);
        const out = devices.filter((d) => d.kind === 'audiooutput');
        // Chrome names the phone-call output "communications"; otherwise the first non-default one.
        const earpiece = out.find((d) => d.deviceId === 'communications') ?? out.find((d) => d.deviceId !== 'default');
        if (canChooseOutput() && earpiece && out.length > 1)
          setOutputs({ speaker: 'default', earpiece: earpiece.deviceId });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [granted]);
  const toggleSpeaker = useCallback(() => setSpeaker((on) => !on), []);
  return {
    cameras,
    speaker: outputs ? speaker : null,
    sinkId: outputs ? (speaker ? outputs.speaker : outputs.earpiece) : undefined,
    toggleSpeaker,
  };
}
