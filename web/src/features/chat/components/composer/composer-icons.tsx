// Line icons of the composer (28 px circles like the mobile chat bar), colour from the text.
import { Icon as BaseIcon, type IconProps } from '@web/components/ui/icons';

const Icon = ({ size = 28, ...props }: IconProps) => (
  <BaseIcon viewBox="0 0 28 28" size={size} strokeWidth="1.6" {...props} />
);

export const MicIcon = () => (
  <Icon>
    <circle cx="14" cy="14" r="12.2" />
    <path d="M11.5 10.5a5 5 0 0 1 0 7M15 8a8.5 8.5 0 0 1 0 12" />
    <circle cx="8.5" cy="14" r="1" fill="currentColor" />
  </Icon>
);

export const KeyboardIcon = () => (
  <Icon>
    <circle cx="14" cy="14" r="12.2" />
    <rect x="7.5" y="9.5" width="13" height="9" rx="1.5" />
    <path d="M10 12.5h.01M13 12.5h.01M16 12.5h.01M18 12.5h.01M11 15.8h6" />
  </Icon>
);

export const SmileIcon = () => (
  <Icon>
    <circle cx="14" cy="14" r="12.2" />
    <path d="M9.5 16.5a5.5 5.5 0 0 0 9 0" />
    <path d="M10.5 11h.01M17.5 11h.01" strokeWidth="2.4" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon>
    <circle cx="14" cy="14" r="12.2" />
    <path d="M14 8.5v11M8.5 14h11" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon size={18}>
    <path d="M8 8l12 12M20 8 8 20" />
  </Icon>
);

export const PhotoIcon = () => (
  <Icon>
    <rect x="4" y="6" width="20" height="16" rx="2.5" />
    <circle cx="10" cy="11.5" r="2" />
    <path d="m4.5 20 6-5.5 4 3.5 3.5-3 5.5 5" />
  </Icon>
);

export const VideoIcon = () => (
  <Icon>
    <rect x="3.5" y="7.5" width="15" height="13" rx="2.5" />
    <path d="m18.5 12 6-3.5v11l-6-3.5z" />
  </Icon>
);

export const FolderIcon = () => (
  <Icon>
    <path d="M4 8.5A2.5 2.5 0 0 1 6.5 6h4.5l2.5 2.5h8A2.5 2.5 0 0 1 24 11v9.5a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 4 20.5z" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <path d="M7 4.5h4l2 5-2.5 1.5a11 11 0 0 0 5 5l1.5-2.5 5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 5 6.5a2 2 0 0 1 2-2" />
  </Icon>
);

export const CameraIcon = () => (
  <Icon>
    <rect x="3.5" y="8" width="14" height="12" rx="2.5" />
    <path d="m17.5 12.5 6-3.5v10l-6-3.5z" />
  </Icon>
);
