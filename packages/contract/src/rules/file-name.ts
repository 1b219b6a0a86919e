/** The longest attachment name kept, in characters (a common file-system limit). */
export const MAX_FILE_NAME_LENGTH = 255;

// C0 and C1 control characters, and the bidirectional overrides and isolates that can make
// "invoice‮fdp.exe" read as "invoiceexe.pdf".
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

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
  const segments = raw
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .split(/[\\/]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  const last = segments.at(-1) ?? '';
  const capped = capLength(last, MAX_FILE_NAME_LENGTH);
  return capped === '' ? 'file' : capped;
}
