// `npm test`: every check, in order — lint and types, unit, component and API tests on the embedded PostgreSQL, the
// API tests again on PostgreSQL when TEST_DATABASE_URL is set, then the end-to-end tests
// in Chromium against the production build. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-test-'));
const totals = { passed: 0, failed: 0 };
const results = [];
// Every failed test by name with the first lines of its error, repeated in the summary so that
// a log's tail (all that CI keeps) says what failed.
const failures = [];

function run(name, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (report) {
    try {
      const counts = report(JSON.parse(fs.readFileSync(report.file, 'utf8')));
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      for (const failure of counts.failures) failures.push({ step: name, ...failure });
    } catch {
      if (!ok) totals.failed += 1;
    }
  }
  results.push({ name, ok, seconds });
  return ok;
}

const firstLines = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    // Stack frames say less than the message and the assertion's place: keep the first frame only.
    .filter((line, index, lines) => line.trim() !== '' && !(/^\s*(at |❯ )/.test(line) && lines.slice(0, index).some((seen) => /^\s*(at |❯ )/.test(seen))))
    .slice(0, 6)
    .join('\n      ');

function vitestReport(file) {
  const read = (json) => {
    const failed = [];
    for (const fileResult of json.testResults ?? []) {
      const where = path.relative(root, fileResult.name ?? '');
      const tests = (fileResult.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of tests) failed.push({ test: `${where} › ${test.fullName}`, error: firstLines(test.failureMessages?.[0]) });
      // A file that failed to load or whose hooks failed has no failed test of its own.
      if (tests.length === 0 && fileResult.status === 'failed') failed.push({ test: where, error: firstLines(fileResult.message) });
    }
    return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0, failures: failed };
  };
  read.file = file;
  return read;
}

function playwrightReport(file) {
  const read = (json) => {
    const failed = [];
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
          const result = (test.results ?? []).find((attempt) => attempt.status !== 'passed' && attempt.status !== 'skipped');
          failed.push({
            test: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${test.status === 'flaky' ? ' (flaky: passed on retry)' : ''}`,
            error: firstLines(result?.error?.message ?? result?.errors?.[0]?.message),
          });
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of json.suites ?? []) visit(suite, []);
    return { passed: json.stats?.expected ?? 0, failed: (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0), failures: failed };
  };
  read.file = file;
  return read;
}

run('lint (ESLint: code rules and dependency direction)', bin('eslint'), ['.']);
run('type-check', 'npm', ['run', '--silent', 'typecheck']);

// Files and the tests in them run in a shuffled order, so no test can lean on another's data.
// TEST_SEED replays an order; the seed of every run is printed.
const seed = process.env.TEST_SEED ?? String(Math.floor(Math.random() * 1_000_000));
const shuffle = ['--sequence.shuffle', `--sequence.seed=${seed}`];
console.log(`Unit and API tests run shuffled with seed ${seed} (TEST_SEED=${seed} npm test repeats the order).`);

const embeddedReport = path.join(reports, 'vitest-embedded.json');
run(
  'unit, component and API tests (embedded PostgreSQL)',
  bin('vitest'),
  ['run', '--project', 'unit', '--project', 'component', '--project', 'api', ...shuffle, '--reporter=default', '--reporter=json', `--outputFile.json=${embeddedReport}`],
  { report: vitestReport(embeddedReport) },
);

if (process.env.TEST_DATABASE_URL) {
  const postgresReport = path.join(reports, 'vitest-postgres.json');
  run(
    'API tests (external PostgreSQL)',
    bin('vitest'),
    ['run', '--project', 'api', ...shuffle, '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`],
    { env: { TEST_BACKEND: 'postgres' }, report: vitestReport(postgresReport) },
  );
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on the embedded PostgreSQL only (CI runs them on an external PostgreSQL 15 too).');
}

if (run('build (web app and server)', process.execPath, ['scripts/build.mjs'])) {
  const e2eReport = path.join(reports, 'playwright.json');
  run('end-to-end tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    report: playwrightReport(e2eReport),
  });
}

console.log('\n=== summary ===');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name} (${seconds} s)`);
const failedSteps = results.filter((result) => !result.ok).length;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
if (failures.length > 0) {
  console.log(`\nfailed (seed ${seed}; TEST_SEED=${seed} npm test repeats the order):`);
  for (const { step, test, error } of failures) console.log(`  [${step}] ${test}\n      ${error}`);
}
fs.rmSync(reports, { recursive: true, force: true });
process.exit(failedSteps > 0 ? 1 : 0);
