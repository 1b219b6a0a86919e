import type { FileStore } from '../../storage/file-store.js';

/** A stored import file's bytes (an import's file is parsed whole: JSON and CSV are read at once). */
export async function readStoredFile(files: FileStore, key: string): Promise<Buffer> {
  const { stream } = await files.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
