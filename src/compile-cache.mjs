// Kept empty so that command lines of earlier releases (`node --import ./src/compile-cache.mjs src/main.ts serve`, in a
// process manager's unit, say) still start. `serve` no longer uses Node's compile cache: it strips its modules ahead
// and serves them stripped (src/serve-flags.ts, src/stripped-modules.mjs; docs/decisions/0045-modules-stripped-ahead.md).
