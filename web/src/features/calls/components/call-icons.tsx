// The call screen's icons (stroke icons at 26 px; currentColor so buttons colour them).
import type { ReactNode } from 'react';

const Svg = ({ children, size = 26 }: { children: ReactNode; size?: number }) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

export const PhoneIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Svg>
);
/** The handset turned down: hang up / decline. */
export const HangupIcon = () => (
  <Svg size={30}>
    <path
      transform="rotate(135 12 12)"
      d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"
    />
  </Svg>
);
export const CameraIcon = ({ size, off }: { size?: number; off?: boolean }) => (
  <Svg size={size}>
    <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
    <path d="m15.5 10.5 5-3v9l-5-3" />
    {off && <path d="M3 3l18 18" />}
  </Svg>
);
export const MicIcon = ({ off, size }: { off?: boolean; size?: number }) => (
  <Svg size={size}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    {off && <path d="M3 3l18 18" />}
  </Svg>
);
export const SwitchCameraIcon = () => (
  <Svg>
    <path d="M4 8h3l1.5-2h7L17 8h3v11H4z" />
    <path d="M9.5 12.5a2.8 2.8 0 0 1 5-1.2m.2 2.4a2.8 2.8 0 0 1-5 1.2M14.5 10v1.5H13M9.5 15.5V14H11" />
  </Svg>
);
export const SpeakerIcon = ({ loud }: { loud: boolean }) => (
  <Svg>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    {loud ? <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" /> : <path d="M15.5 10.5a2 2 0 0 1 0 3" />}
  </Svg>
);
export const MinimiseIcon = () => (
  <Svg>
    <path d="M4 10h6V4M20 14h-6v6M10 10 4 4M14 14l6 6" />
  </Svg>
);
