import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its directory, and two processes writing one data directory corrupt it.
 * The lock is a Unix-domain socket that this process listens on inside DATA_DIR: the operating
 * system closes it when the process ends, however it ends, so a socket nobody listens on
 * (connect refused) was left by a dead process and is removed. No pid is trusted: in a container
 * every start is pid 1. Why a socket and not flock: docs/decisions/008-data-dir-lock.md.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.platform === 'win32') return lockWithNamedPipe(dataDir);
  // The pid file of earlier versions proves nothing (the pid may be anyone's now).
  fs.rmSync(path.join(dataDir, LEGACY_PID_FILE), { force: true });

  const name = `tasklane.${process.pid}.${randomBytes(4).toString('hex')}.lock`;
  const lockPath = path.join(dataDir, name);
  const addresses = socketAddresses(dataDir);
  let server: net.Server | undefined;
  try {
    server = await listenOnce(dataDir, name, addresses);
    for (const other of fs.readdirSync(dataDir)) {
      const owner = LOCK_NAME.exec(other);
      if (!owner || other === name) continue;
      if (await isListening(addresses.of(other))) throw new DataDirLockedError(inUseMessage(dataDir, owner[1]));
      fs.rmSync(path.join(dataDir, other), { force: true });
    }
  } catch (error) {
    fs.rmSync(lockPath, { force: true });
    server?.close();
    throw error;
  } finally {
    addresses.close();
  }
  const held = server;
  return () => {
    fs.rmSync(lockPath, { force: true });
    held.close();
  };
}

const LEGACY_PID_FILE = 'tasklane.lock';
const LOCK_NAME = /^tasklane\.(\d+)\.[0-9a-f]{8}\.lock$/;

/** Whether a file in a data directory belongs to the lock (a copy of the directory leaves it out: a socket cannot be copied). */
export function isLockFileName(name: string): boolean {
  return name === LEGACY_PID_FILE || /^tasklane\.\d+\.[0-9a-f]{8}\.(lock|new)$/.test(name);
}

// Refused: nobody listens, the holder is dead. Anything else (even a full backlog) counts as held.
const DEAD_CODES = new Set(['ECONNREFUSED', 'ENOENT']);
const CONNECT_TIMEOUT_MS = 5_000;

function inUseMessage(dataDir: string, pid?: string) {
  return (
    `The data directory ${dataDir} is in use by another Tasklane process${pid ? ` (pid ${pid})` : ''}. ` +
    'Stop it first, or set DATA_DIR to another directory. To run several instances, use PostgreSQL (DATABASE_URL).'
  );
}

/**
 * Listens under a temporary name, then renames the socket to `name`: a file with a lock name is
 * always one that somebody listened on, so a refused one is stale, never one still starting.
 */
async function listenOnce(dataDir: string, name: string, addresses: Addresses): Promise<net.Server> {
  const temporary = name.replace(/\.lock$/, '.new');
  const server = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(addresses.of(temporary), () => {
        server.off('error', reject);
        resolve();
      });
    });
    fs.renameSync(path.join(dataDir, temporary), path.join(dataDir, name));
  } catch (error) {
    server.close();
    fs.rmSync(path.join(dataDir, temporary), { force: true });
    if (error instanceof DataDirLockedError) throw error;
    throw new DataDirLockedError(`Could not lock the data directory ${dataDir}: ${(error as Error).message}`, { cause: error });
  }
  // The lock must not keep the process alive on its own, nor end it (an accept that fails for
  // want of descriptors is the server's error event).
  server.unref();
  server.on('error', () => {});
  return server;
}

function isListening(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let isSettled = false;
    const settle = (isAlive: boolean) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(isAlive);
    };
    const timer = setTimeout(() => settle(true), CONNECT_TIMEOUT_MS);
    socket.on('connect', () => settle(true));
    socket.on('error', (error: NodeJS.ErrnoException) => settle(!DEAD_CODES.has(error.code ?? '')));
  });
}

// sun_path holds 108 bytes on Linux, 104 on macOS and the BSDs, with the closing NUL; Node
// silently cuts a longer path, so a long DATA_DIR is reached through a descriptor instead.
const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;

type Addresses = { of(name: string): string; close(): void };

/** Socket addresses of names in dataDir that fit in sun_path. */
function socketAddresses(dataDir: string): Addresses {
  let fd: number | undefined;
  return {
    of(name) {
      const full = path.join(dataDir, name);
      if (Buffer.byteLength(full) <= SOCKET_PATH_MAX) return full;
      if (process.platform !== 'linux') {
        throw new DataDirLockedError(
          `The data directory path ${dataDir} is too long to hold its lock socket (${full} is over ${SOCKET_PATH_MAX} bytes): use a shorter DATA_DIR.`,
        );
      }
      fd ??= fs.openSync(dataDir, 'r');
      return `/proc/self/fd/${fd}/${name}`;
    },
    close() {
      if (fd !== undefined) fs.closeSync(fd);
    },
  };
}

/** Windows: a named pipe after the directory. A second server on the same name is refused; it goes when the process does. */
async function lockWithNamedPipe(dataDir: string): Promise<() => void> {
  const id = createHash('sha256').update(path.resolve(dataDir).toLowerCase()).digest('hex').slice(0, 32);
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new DataDirLockedError(inUseMessage(dataDir)) : error),
    );
    server.listen(`\\\\.\\pipe\\tasklane-${id}`, () => resolve());
  });
  server.unref();
  server.on('error', () => {});
  return () => server.close();
}
