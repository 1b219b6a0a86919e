import { describe, expect, it } from 'vitest';
import { textColourOn } from './colour';

describe('textColourOn', () => {
  it('puts white on dark and saturated colours', () => {
    expect(textColourOn('#3B82F6')).toBe('#ffffff');
    expect(textColourOn('#000000')).toBe('#ffffff');
    expect(textColourOn('#6366F1')).toBe('#ffffff');
  });

  it('puts dark text on light colours', () => {
    expect(textColourOn('#FACC15')).toBe('#0f172a');
    expect(textColourOn('#ffffff')).toBe('#0f172a');
    expect(textColourOn('#84CC16')).toBe('#0f172a');
  });

  it('falls back to white for anything that is not #RRGGBB', () => {
    expect(textColourOn('blue')).toBe('#ffffff');
    expect(textColourOn('#fff')).toBe('#ffffff');
  });
});
