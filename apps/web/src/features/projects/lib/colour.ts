/** WCAG relative luminance of a #RRGGBB colour; undefined for anything else. */
function luminanceOf(hex: string): number | undefined {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return undefined;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * White or black text on a #RRGGBB background, whichever contrasts more: one of them always
 * reaches 4.5:1 (WCAG AA for the initials' small bold text), where white alone fails on yellow,
 * and even on the default blue (3.7:1).
 */
export function textColourOn(hex: string): '#000000' | '#ffffff' {
  const luminance = luminanceOf(hex);
  if (luminance === undefined) return '#ffffff';
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}
