const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people: '0 bytes', '512 bytes', '1.5 KB', '23 MB', '1.2 GB' (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${UNITS[unit]}`;
}
