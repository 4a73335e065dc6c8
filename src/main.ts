/**
 * The service's entry point (`node src/main.ts <command>`; the commands are in ./cli.ts). Before anything else runs,
 * `serve` makes sure it runs lean (docs/configuration.md, "Memory"; docs/decisions/0028-catalog-changes-per-store.md):
 * see ./serve-flags.ts.
 */
import { relaunchForServe } from './serve-flags.ts';

const args = process.argv.slice(2);
await relaunchForServe(args, () => import('./cli.ts'));
const { main } = await import('./cli.ts');
await main(args);
