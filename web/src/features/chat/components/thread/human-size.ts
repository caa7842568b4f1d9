// File sizes the way people read them: 512 B, 3.4 KB, 12 MB.
const UNITS = ['B', 'KB', 'MB', 'GB'];

export function humanSize(bytes: number | undefined): string {
  let size = Math.max(0, bytes ?? 0);
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || size >= 100 ? Math.round(size) : Math.round(size * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}
