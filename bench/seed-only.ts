// Development helper: seed one backend and print timings (npm run bench seeds on its own).
import path from 'node:path';
import { dataRoot, log } from './lib/util.js';
import { scales } from './seed/scale.js';
import { dropPostgres, seedEmbedded, seedPostgres } from './seed/seed.js';

const scale = scales[process.argv.includes('--quick') ? 'quick' : 'full'];
if (process.argv.includes('--postgres')) {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
  const report = await seedPostgres(scale, url, 'tasklane_bench_seedtest');
  log(`PostgreSQL seeded in ${report.seconds.toFixed(1)} s: ${JSON.stringify(report.fixtures.counts)}`);
  await dropPostgres(url, 'tasklane_bench_seedtest');
} else {
  const report = await seedEmbedded(scale, path.join(dataRoot, 'run-embedded'));
  log(`embedded PostgreSQL seeded in ${report.seconds.toFixed(1)} s (cache: ${report.fromCache}): ${JSON.stringify(report.fixtures.counts)}`);
}
