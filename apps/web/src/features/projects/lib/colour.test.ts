import { describe, expect, it } from 'vitest';
import { textColourOn } from './colour';

describe('textColourOn', () => {
  it('puts white on dark colours', () => {
    expect(textColourOn('#000000')).toBe('#ffffff');
    expect(textColourOn('#1E3A8A')).toBe('#ffffff');
    expect(textColourOn('#B91C1C')).toBe('#ffffff');
  });

  it('puts black on light and mid colours, where white would not reach 4.5:1', () => {
    expect(textColourOn('#FACC15')).toBe('#000000');
    expect(textColourOn('#ffffff')).toBe('#000000');
    expect(textColourOn('#84CC16')).toBe('#000000');
    // The default project blue: white on it is 3.7:1, black 5.7:1.
    expect(textColourOn('#3B82F6')).toBe('#000000');
  });

  it('falls back to white for anything that is not #RRGGBB', () => {
    expect(textColourOn('blue')).toBe('#ffffff');
    expect(textColourOn('#fff')).toBe('#ffffff');
  });
});
