// Writes dist/sw.js after the build: the service worker template with this build's
// file list (everything in dist/: the page, the hashed JS/CSS, the engine worker, the
// .wasm and its glue, the presets and recorded validations, the icons and manifest)
// and a version that is the hash of every file's path and content.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw.template.js');
export const SW_FILE = 'sw.js';

function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(dir, r)).isDirectory()) out.push(...listFiles(dir, r));
    else out.push(r);
  }
  return out;
}

/** The precache list (URLs relative to the service worker) and the build's version. */
export function precacheOf(outDir: string): { files: string[]; version: string } {
  const files = listFiles(outDir).filter((f) => f !== SW_FILE && !f.endsWith('.map'));
  const h = createHash('sha256');
  for (const f of files)
    h.update(f)
      .update('\0')
      .update(readFileSync(path.join(outDir, f)))
      .update('\0');
  return { files: ['./', ...files.map((f) => `./${f}`)], version: h.digest('hex').slice(0, 16) };
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'plab-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, version } = precacheOf(outDir);
      const sw = readFileSync(TEMPLATE, 'utf8')
        .replace('__PLAB_VERSION__', version)
        .replace('__PLAB_PRECACHE__', JSON.stringify(files, null, 2));
      writeFileSync(path.join(outDir, SW_FILE), sw);
    },
  };
}
