/**
 * White or dark text on a #RRGGBB background (WCAG relative luminance): white initials vanish
 * on a yellow project colour.
 */
export function textColourOn(hex: string): '#0f172a' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White while it keeps the 3:1 contrast that large bold text (the initials) needs; dark beyond.
  return 1.05 / (luminance + 0.05) >= 3 ? '#ffffff' : '#0f172a';
}
