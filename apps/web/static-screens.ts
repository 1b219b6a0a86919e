import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { isChunkProbe } from './first-screen-chunks.ts';
import { singlePathIcons } from './single-path-icons.ts';

export const STATIC_SCREENS_FILE = 'static-screens.json';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes dist/static-screens.json once the bundle is written: the HTML of the pages that show
 * every visitor the same first screen (src/app/static-screens/render.tsx), rendered by React from
 * the app's own components in Vite's SSR mode, so it cannot drift from what the app renders.
 */
export function staticScreens(): Plugin {
  let outDir = path.join(webRoot, 'dist');
  return {
    name: 'tasklane-static-screens',
    apply: (_config, env) => env.command === 'build' && !isChunkProbe(),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: webRoot,
        logLevel: 'error',
        appType: 'custom',
        resolve: { alias: { '@': path.join(webRoot, 'src') } },
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
        // The icons as the app draws them: one path each.
        plugins: [singlePathIcons()],
        ssr: { noExternal: ['lucide-react'] },
      });
      try {
        const module = (await server.ssrLoadModule('/src/app/static-screens/render.tsx')) as { renderStaticScreens: () => Record<string, string> };
        const screens = module.renderStaticScreens();
        fs.writeFileSync(path.join(outDir, STATIC_SCREENS_FILE), `${JSON.stringify(screens, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
