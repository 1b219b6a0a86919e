import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { singlePathIcons } from './single-path-icons.ts';
import { staticScreens } from './static-screens.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), singlePathIcons(), firstScreenChunks(), staticScreens()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
