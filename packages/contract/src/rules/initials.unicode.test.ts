import { describe, expect, it } from 'vitest';
import { getInitials } from './initials.js';

// Full names are free text (only a minimum length is checked), so they may start with a
// character outside the Basic Multilingual Plane: an emoji or a mathematical letter.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('getInitials with characters outside the BMP', () => {
  it.each(['😀 Smile', 'Smile 😀', '𝒜lice 𝒷ob'])(
    'never splits %j into half a surrogate pair (a broken "�" avatar)',
    (name) => {
      expect(getInitials(name)).not.toMatch(LONE_SURROGATE);
    },
  );
});
