import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

/**
 * The pages a visitor most often lands on, by exact path, and the module of each. The router
 * loads a page's chunk only once its own script has run; the server names these chunks in the
 * HTML instead (`<link rel="modulepreload">`, apps/server/src/http/first-screen.ts), so that the
 * browser fetches them alongside the entry script: one round trip less before the first screen.
 */
const landingPages: Record<string, string> = {
  '/': 'src/features/todos/pages/todos-page.tsx',
  '/login': 'src/features/auth/pages/login-page.tsx',
  '/register': 'src/features/auth/pages/register-page.tsx',
};

export const FIRST_SCREEN_FILE = 'first-screen.json';

type ChunkInfo = { imports: string[]; facade: string | null; isEntry: boolean; modules: string[] };
type BundleLike = Record<
  string,
  { type: 'chunk' | 'asset'; fileName: string } & Partial<{ imports: string[]; facadeModuleId: string | null; isEntry: boolean; modules: Record<string, { renderedLength: number }> }>
>;

const slashed = (id: string) => id.replaceAll('\\', '/');

/** The bundle's chunks by file name, each with the modules it renders code of. */
function chunksOf(bundle: BundleLike): Map<string, ChunkInfo> {
  const chunks = new Map<string, ChunkInfo>();
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    const modules = Object.entries(item.modules ?? {})
      .filter(([, module]) => module.renderedLength > 0)
      .map(([id]) => slashed(id));
    chunks.set(item.fileName, { imports: item.imports ?? [], facade: item.facadeModuleId ?? null, isEntry: item.isEntry ?? false, modules });
  }
  return chunks;
}

/** The chunk that holds a landing page's module: its own, or the group it was put in. */
function pageChunk(chunks: Map<string, ChunkInfo>, module: string): string | undefined {
  const isPage = (id: string | null) => id !== null && slashed(id).endsWith(module);
  return [...chunks].find(([, chunk]) => isPage(chunk.facade))?.[0] ?? [...chunks].find(([, chunk]) => chunk.modules.some(isPage))?.[0];
}

/** `fileName` and every chunk it imports statically, directly or not. */
function closureOf(chunks: Map<string, ChunkInfo>, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) closureOf(chunks, imported, into);
  return into;
}

/** The module every page imports apart from the entry, for it to run in a task of its own (src/main.tsx). */
const APART = /\/node_modules\/react-dom\/client\.js$/;

/**
 * What every page runs before its first screen: the entry and what it imports, and React DOM,
 * which the entry imports dynamically so that it runs in a task of its own (decision 017, sixth
 * pass). index.html names React DOM's chunks for preloading, so that they are fetched at once.
 */
function startChunks(chunks: Map<string, ChunkInfo>): { entry: string | undefined; all: Set<string> } {
  const entry = [...chunks].find(([, chunk]) => chunk.isEntry)?.[0];
  const all = new Set<string>();
  if (!entry) return { entry, all };
  closureOf(chunks, entry, all);
  const apart = [...chunks].find(([, chunk]) => chunk.facade && APART.test(slashed(chunk.facade)))?.[0];
  if (!apart) throw new Error('first-screen chunks: React DOM is not a chunk of its own (src/main.tsx imports it dynamically)');
  closureOf(chunks, apart, all);
  return { entry, all };
}

/** Set while the probe build runs (`landingGroups`): the plugins that write files or run builds stand aside in it. */
const PROBE = 'TASKLANE_CHUNK_PROBE';
export const isChunkProbe = () => process.env[PROBE] === '1';

/** A label for the set of landing pages a module is reached from, for its chunk's name. */
const labelOf = (paths: string[]) => paths.map((page) => (page === '/' ? 'dashboard' : page.slice(1))).join('-');

/** For each landing page, the files of its chunk and of the chunks it imports statically, less those index.html already loads. */
function landingFiles(chunks: Map<string, ChunkInfo>): Map<string, string[]> {
  const loadedByIndex = startChunks(chunks).all;
  const files = new Map<string, string[]>();
  for (const [page, module] of Object.entries(landingPages)) {
    const own = pageChunk(chunks, module);
    if (!own) throw new Error(`first-screen chunks: no chunk for ${module}`);
    files.set(page, [...closureOf(chunks, own)].filter((file) => !loadedByIndex.has(file)));
  }
  return files;
}

/**
 * Each module a landing page's first screen renders, beyond what index.html loads, mapped to the
 * set of landing pages that render it (as a label), from a bundle made without groups.
 */
function landingModules(bundle: BundleLike): Map<string, string> {
  const chunks = chunksOf(bundle);
  const pagesOf = new Map<string, string[]>();
  for (const [page, files] of landingFiles(chunks)) {
    for (const file of files) {
      for (const id of chunks.get(file)?.modules ?? []) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page]);
    }
  }
  return new Map([...pagesOf].map(([id, pages]) => [id, `first-${labelOf(pages)}`]));
}

/**
 * Issue 15 §4, decision 017 (seventh pass): the bundler gives every small module that several
 * screens share a chunk of its own, so the dashboard's first screen was 38 files beside the entry
 * (icons, light components, one rule of the contract each), six at a time over HTTP/1.1. A probe
 * build without groups says which modules each landing page's chunks render (after tree shaking,
 * which a module graph cannot tell); those modules then go into one chunk per set of landing pages
 * that render them (the dashboard's alone, the sign-in and sign-up pages', those all three
 * share...). What index.html loads stays as it was, and nothing else moves: a group imports only
 * from groups of more pages or from index.html's chunks, so no two chunks import each other.
 */
async function landingGroups(): Promise<Map<string, string>> {
  process.env[PROBE] = '1';
  try {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const result = await build({ root, configFile: `${root}/vite.config.ts`, logLevel: 'silent', build: { write: false } });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const bundle: BundleLike = Object.fromEntries(output.output.map((item) => [item.fileName, item as unknown as BundleLike[string]]));
    return landingModules(bundle);
  } finally {
    delete process.env[PROBE];
  }
}

/**
 * Groups each landing page's first-screen modules into a few chunks, and writes
 * dist/first-screen.json: for each landing page, the URLs of its chunk and of the chunks it
 * imports statically, less those index.html already loads.
 */
export function firstScreenChunks(): Plugin {
  return {
    name: 'tasklane-first-screen-chunks',
    apply: (_config, env) => env.command === 'build' && !isChunkProbe(),
    async config() {
      const groupOf = await landingGroups();
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ debugName: 'first-screen', name: (id: string) => groupOf.get(slashed(id)) ?? null, includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const chunks = chunksOf(context.bundle as BundleLike);
        const { entry, all } = startChunks(chunks);
        const loadedByEntry = entry ? closureOf(chunks, entry) : new Set<string>();
        return [...all]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
    generateBundle(_options, bundle) {
      const files = landingFiles(chunksOf(bundle as BundleLike));
      const preloads = Object.fromEntries([...files].map(([page, names]) => [page, names.map((file) => `/${file}`)]));
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
