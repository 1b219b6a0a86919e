import { randomBytes } from 'node:crypto';

export type FormPart =
  | { field: string; value: string }
  | { field: string; fileName: string; content: Uint8Array | string; contentType?: string | null };

/**
 * A multipart/form-data body written byte by byte, as a browser sends it: names in raw UTF-8
 * inside filename="...", so a test controls exactly what arrives (control characters, '../').
 */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----tasklane${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"`;
    if ('fileName' in part) {
      head += `; filename="${part.fileName}"\r\n`;
      if (part.contentType !== null) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    } else {
      head += '\r\n';
    }
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'));
    chunks.push('fileName' in part ? Buffer.from(part.content) : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Random bytes with zero bytes and every byte value in them: binary content no text layer survives. */
export function binaryContent(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  for (let index = 0; index < Math.min(size, 256); index += 1) bytes[index] = index;
  if (size > 300) bytes.fill(0, size - 40, size - 20);
  return bytes;
}
