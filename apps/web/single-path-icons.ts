import type { Plugin } from 'vite';
import { mergeIconModule } from '../../tools/icons/icon-paths.ts';

const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

/** Draws each of lucide-react's icons with one path (tools/icons/icon-paths.ts, decision 017 fifth pass). */
export function singlePathIcons(): Plugin {
  return {
    name: 'tasklane-single-path-icons',
    transform(code, id) {
      if (!iconModule.test(id)) return null;
      const merged = mergeIconModule(code);
      return merged === code ? null : { code: merged, map: null };
    },
  };
}
