import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh upload folder for one test file's server. */
export function makeUploadDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-uploads-'));
}

/** Every file under the upload folder, stored or half-written, as relative paths. */
export function filesOnDisk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .sort();
}

/** The stored files only (not the temporary folder). */
export function storedFilesOnDisk(dir: string): string[] {
  return filesOnDisk(dir).filter((entry) => !entry.startsWith(`tmp${path.sep}`));
}
