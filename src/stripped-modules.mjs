// Preloaded by the process `serve` relaunches itself as (src/serve-flags.ts: `node --import ./src/stripped-modules.mjs`),
// before any TypeScript module: each of the service's .ts modules is read from the JavaScript the relaunching process
// stripped it to (COMMERCE_STRIPPED_MODULES, one file per module named by the SHA-256 of its TypeScript source), so
// the serving process never loads Node's TypeScript stripper (a WebAssembly module that holds about 20 MiB for the life
// of the process) and keeps no compile cache either (Node keeps every entry it read, about 10 MiB, for the life of the
// process: decision 0045). A module with no stripped file (edited since, or loaded only later) is stripped by Node as
// usual. JavaScript on purpose: a .ts file here would load the stripper itself. docs/configuration.md, "Memory".
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { strippedFile } from './stripped-name.mjs';

const dir = process.env.COMMERCE_STRIPPED_MODULES;

if (dir) {
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return nextLoad(url, context);
      let source;
      try {
        source = readFileSync(strippedFile(dir, readFileSync(fileURLToPath(url))), 'utf8');
      } catch {
        return nextLoad(url, context);
      }
      return { format: 'module', source, shortCircuit: true };
    },
  });
}
