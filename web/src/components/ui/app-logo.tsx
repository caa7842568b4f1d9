// Parley's speech-bubble mark (the same drawing as public/icon.svg).
export function AppLogo({ size = 64 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="15" fill="#1aad19" />
      <path
        d="M32 14c-10.5 0-19 7-19 15.7 0 5 2.8 9.4 7.2 12.3L18.5 50l8.3-4.6c1.7.4 3.4.6 5.2.6 10.5 0 19-7 19-15.7S42.5 14 32 14z"
        fill="#fff"
      />
      <circle cx="24" cy="30" r="2.6" fill="#1aad19" />
      <circle cx="32" cy="30" r="2.6" fill="#1aad19" />
      <circle cx="40" cy="30" r="2.6" fill="#1aad19" />
    </svg>
  );
}
