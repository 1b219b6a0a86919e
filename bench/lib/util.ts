import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(benchRoot, '..');
export const dataRoot = path.join(benchRoot, '.data');
fs.mkdirSync(dataRoot, { recursive: true });

const started = Date.now();

export function log(message: string) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(5);
  console.log(`[bench ${seconds}s] ${message}`);
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The load average and core count, recorded next to every result (the machine is shared). */
export function machineLoad() {
  const [one, five, fifteen] = os.loadavg();
  return { loadavg1: round(one!), loadavg5: round(five!), loadavg15: round(fifteen!), cores: os.cpus().length };
}

export function round(value: number, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
