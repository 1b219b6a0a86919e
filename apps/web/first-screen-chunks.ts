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

/** Writes dist/first-screen.json: for each landing page, the URLs of its chunk and of the chunks it imports statically, less those index.html already loads. */
export function firstScreenChunks(): Plugin {
  return {
    name: 'tasklane-first-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; facade: string | null; isEntry: boolean }>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, { imports: item.imports, facade: item.facadeModuleId, isEntry: item.isEntry });
      }
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = [...chunks].find(([, chunk]) => chunk.isEntry)?.[0];
      const loadedByIndex = entry ? closure(entry) : new Set<string>();
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
