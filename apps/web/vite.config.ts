import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './vite-plugins/compiled-catalogs.ts';

export default defineConfig({
  plugins: [compiledCatalogs(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
});
