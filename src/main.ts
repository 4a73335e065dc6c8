/**
 * The service's entry point (`node src/main.ts <command>`; the commands are in ./cli.ts). Before anything else is
 * loaded, `serve` makes sure it runs with the Node flags that keep its memory down (docs/configuration.md, "Memory";
 * docs/decisions/0028-catalog-changes-per-store.md): started without them, as `node src/main.ts serve` or by a
 * process manager, it replaces itself (same process id, same standard streams, nothing else started yet) with Node
 * running the same command with them. A flag already given, on the command line or in NODE_OPTIONS, is kept as given.
 */
import { relaunchWithServeFlags } from './serve-flags.ts';

relaunchWithServeFlags(process.argv.slice(2));
await import('./cli.ts');
