import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type StoredFile = { id: string; size: number };
export type StoredEntry = { id: string; modifiedAt: Date };

/**
 * Where attachment bytes live. Files are known only by ids the store generates, never by
 * anything a client sent. Writes are all-or-nothing: a file appears under its id complete or
 * not at all.
 */
export interface FileStore {
  /** Streams `source` into a new file; resolves once it is durably in place under its new id. */
  put(source: Readable): Promise<StoredFile>;
  /** The file's bytes and size; FileMissingError when there is no such file. */
  open(id: string): Promise<{ stream: Readable; size: number }>;
  /** Removes the file; a file already gone is no error. */
  remove(id: string): Promise<void>;
  /** Every stored file (not writes in progress), for the orphan sweep. */
  list(): AsyncIterable<StoredEntry>;
  /** Removes unfinished writes last touched before `olderThan` (left by a crash); returns how many. */
  removeStaleTemp(olderThan: Date): Promise<number>;
}

export class FileMissingError extends Error {
  constructor(id: string) {
    super(`No stored file ${id}`);
  }
}

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHARD_PATTERN = /^[0-9a-f]{2}$/;
const TEMP_DIR = 'tmp';
const TEMP_SUFFIX = '.part';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Makes a rename durable: the directory entry is flushed too (not possible everywhere; best effort). */
async function syncDirectory(dir: string) {
  try {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms and file systems cannot fsync a directory; the rename stands anyway.
  }
}

/** Relative path of a stored file: fanned out over 256 folders by the id's first two characters. */
export function storedFilePath(id: string): string {
  if (!ID_PATTERN.test(id)) throw new FileMissingError(id);
  return path.join(id.slice(0, 2), id);
}

/**
 * Files on a local (or shared network) disk under `root`: `root/<2 chars>/<uuid>`, written
 * as `root/tmp/<uuid>.part`, fsynced, then renamed into place (same file system, so the
 * rename is atomic). Several app instances may share one root.
 */
export function createDiskFileStore(root: string): FileStore {
  const tempDir = path.join(root, TEMP_DIR);
  const fullPath = (id: string) => path.join(root, storedFilePath(id));

  return {
    async put(source) {
      const id = randomUUID();
      await fsp.mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, `${id}${TEMP_SUFFIX}`);
      const handle = await fsp.open(temp, 'wx', 0o600);
      let isOpen = true;
      try {
        let size = 0;
        for await (const chunk of source) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
          size += bytes.length;
          await handle.write(bytes);
        }
        // On disk before it gets its real name: a crash never leaves a partial file under an id.
        await handle.sync();
        await handle.close();
        isOpen = false;
        const target = fullPath(id);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(temp, target);
        await syncDirectory(path.dirname(target));
        return { id, size };
      } catch (error) {
        if (isOpen) await handle.close().catch(() => {});
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async open(id) {
      let handle;
      try {
        handle = await fsp.open(fullPath(id), 'r');
      } catch (error) {
        if (isMissing(error)) throw new FileMissingError(id);
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(id) {
      await fsp.rm(fullPath(id), { force: true });
    },

    async *list() {
      let shards: string[];
      try {
        shards = await fsp.readdir(root);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const shard of shards.filter((name) => SHARD_PATTERN.test(name)).sort()) {
        let names: string[];
        try {
          names = await fsp.readdir(path.join(root, shard));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) {
          if (!ID_PATTERN.test(name) || name.slice(0, 2) !== shard) continue;
          try {
            const stats = await fsp.stat(path.join(root, shard, name));
            if (stats.isFile()) yield { id: name, modifiedAt: stats.mtime };
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
    },

    async removeStaleTemp(olderThan) {
      let names: string[];
      try {
        names = await fsp.readdir(tempDir);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(TEMP_SUFFIX)) continue;
        const file = path.join(tempDir, name);
        try {
          if ((await fsp.stat(file)).mtime < olderThan) {
            await fsp.rm(file, { force: true });
            removed += 1;
          }
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },
  };
}

/** Creates the upload folder (and its temp folder) at start, so a bad UPLOAD_DIR fails at once. */
export async function prepareUploadDir(root: string): Promise<void> {
  await fsp.mkdir(path.join(root, TEMP_DIR), { recursive: true });
  await fsp.access(root, fsp.constants.W_OK);
}

/** Copies every stored file (not writes in progress) from one upload folder to another, same layout. */
export async function copyStoredFiles(fromRoot: string, toRoot: string): Promise<number> {
  let copied = 0;
  for await (const entry of createDiskFileStore(fromRoot).list()) {
    const relative = storedFilePath(entry.id);
    await fsp.mkdir(path.join(toRoot, path.dirname(relative)), { recursive: true });
    try {
      await fsp.copyFile(path.join(fromRoot, relative), path.join(toRoot, relative));
      copied += 1;
    } catch (error) {
      // Removed (its attachment deleted) since it was listed.
      if (!isMissing(error)) throw error;
    }
  }
  return copied;
}

/** Whether an upload folder holds any stored file. */
export async function hasStoredFiles(root: string): Promise<boolean> {
  for await (const _entry of createDiskFileStore(root).list()) return true;
  return false;
}
