import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../paths.js';

let cached: string | undefined;

/** Tasklane's version: the repository's package.json, else the server package's. */
export function appVersion(): string {
  if (cached) return cached;
  for (const file of [path.join(serverRoot, '..', '..', 'package.json'), path.join(serverRoot, 'package.json')]) {
    try {
      const version = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && version) return (cached = version);
    } catch {
      // Not there (an unusual install): the next one.
    }
  }
  return (cached = 'unknown');
}
