/** The longest attachment name kept, in characters (a common file-system limit). */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * C0 and C1 control characters, and the bidirectional overrides and isolates that can make
 * "invoice\u202efdp.exe" read as "invoiceexe.pdf".
 */
function isUnsafeCharacter(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

const withoutUnsafeCharacters = (text: string) =>
  Array.from(text)
    .filter((character) => !isUnsafeCharacter(character.codePointAt(0)!))
    .join('');

/** Cuts to `max` characters (code points, so no surrogate pair is split), keeping a short extension. */
function capLength(name: string, max: number): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length > 1 && extension.length <= 16) {
    const base = Array.from(name.slice(0, dot)).slice(0, max - extension.length);
    return base.join('').trimEnd() + extension.join('');
  }
  return characters.slice(0, max).join('').trimEnd();
}

/**
 * The name an uploaded file is stored and offered under: its last path segment, without
 * control characters or direction overrides, NFC-normalized, trimmed, at most 255
 * characters; 'file' when nothing is left. '../../etc/passwd' becomes 'passwd'.
 */
export function cleanFileName(raw: string): string {
  const segments = withoutUnsafeCharacters(raw.normalize('NFC'))
    .split(/[\\/]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const last = segments.at(-1) ?? '';
  const capped = capLength(last, MAX_FILE_NAME_LENGTH);
  return capped === '' ? 'file' : capped;
}
