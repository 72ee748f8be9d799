import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { serviceWorkerPlugin } from './offline/swPlugin.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, '..');

// The engine's Emscripten glue (wasm/dist/plab.mjs, built by `npm run build:wasm`).
// PLAB_GLUE may point at another build of the same module (e.g. a debug build of the
// engine); it must export the same `createPlab` factory. The worker imports it as
// 'plab-glue' so that is the only place the location is known.
const glue = process.env.PLAB_GLUE ? path.resolve(process.env.PLAB_GLUE) : path.resolve(repoDir, 'wasm/dist/plab.mjs');

export default defineConfig({
  root: webDir,
  publicDir: path.resolve(repoDir, 'public'),
  base: './',
  plugins: [react(), serviceWorkerPlugin()],
  resolve: {
    alias: { 'plab-glue': glue },
  },
  worker: {
    format: 'es',
  },
  build: {
    outDir: path.resolve(repoDir, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
  server: {
    fs: { allow: [repoDir, path.dirname(glue)] },
  },
  test: {
    root: webDir,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
