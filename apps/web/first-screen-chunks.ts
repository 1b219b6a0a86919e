import type { Plugin } from 'vite';

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

type ChunkInfo = { imports: string[]; facade: string | null; isEntry: boolean };
type BundleLike = Record<string, { type: 'chunk' | 'asset'; fileName: string } & Partial<{ imports: string[]; facadeModuleId: string | null; isEntry: boolean }>>;

/** The bundle's chunks by file name. */
function chunksOf(bundle: BundleLike): Map<string, ChunkInfo> {
  const chunks = new Map<string, ChunkInfo>();
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk') chunks.set(item.fileName, { imports: item.imports ?? [], facade: item.facadeModuleId ?? null, isEntry: item.isEntry ?? false });
  }
  return chunks;
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
  const apart = [...chunks].find(([, chunk]) => chunk.facade && APART.test(chunk.facade.replaceAll('\\', '/')))?.[0];
  if (!apart) throw new Error('first-screen chunks: React DOM is not a chunk of its own (src/main.tsx imports it dynamically)');
  closureOf(chunks, apart, all);
  return { entry, all };
}

/** Writes dist/first-screen.json: for each landing page, the URLs of its chunk and of the chunks it imports statically, less those index.html already loads. */
export function firstScreenChunks(): Plugin {
  return {
    name: 'tasklane-first-screen-chunks',
    apply: 'build',
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
      const chunks = chunksOf(bundle as BundleLike);
      const closure = (fileName: string) => closureOf(chunks, fileName);
      const loadedByIndex = startChunks(chunks).all;
      const preloads: Record<string, string[]> = {};
      for (const [path, module] of Object.entries(landingPages)) {
        const page = [...chunks].find(([, chunk]) => chunk.facade?.replaceAll('\\', '/').endsWith(module))?.[0];
        if (!page) throw new Error(`first-screen chunks: no chunk for ${module}`);
        preloads[path] = [...closure(page)].filter((file) => !loadedByIndex.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
