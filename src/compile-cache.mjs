// Preloaded by `npm start` (`node --import ./src/compile-cache.mjs`), before any TypeScript module: Node's compile
// cache keeps, besides V8's code cache, the type-stripped source of every .ts module, so a start after the first never
// loads the type stripper (a WebAssembly module that holds about 20 MiB for the life of the process) and starts
// sooner. JavaScript on purpose: a .ts file here would load the stripper itself. The cache lives in NODE_COMPILE_CACHE
// or the system's temporary directory; entries are keyed by the file's content, so an edited file is stripped again.
// docs/configuration.md, "Memory"; docs/decisions/0014-answers-per-api-key.md.
import { enableCompileCache } from 'node:module';

enableCompileCache();
