// Exits 0 when node_modules matches package-lock.json (every locked package is
// installed at its locked version), 1 otherwise, naming the first mismatch.
// Used by setup.sh to run `npm ci` only when needed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? process.cwd();
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

function stale(reason) {
  console.error(`node_modules is stale: ${reason}`);
  process.exit(1);
}

if (!existsSync(path.join(root, 'node_modules'))) stale('node_modules is missing');
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  if (location === '' || entry.link) continue;
  const manifest = path.join(root, location, 'package.json');
  if (!existsSync(manifest)) {
    if (entry.optional) continue; // a platform-specific optional package
    stale(`${location} is not installed`);
  }
  const installed = JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (entry.version && installed !== entry.version) {
    stale(`${location} is ${installed}, the lock says ${entry.version}`);
  }
}
