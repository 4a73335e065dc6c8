import type { Config } from './config.ts';
import { createReferenceService } from './domain/reference/reference-service.ts';
import { type Db, openDatabase } from './store/db.ts';
import { createReferenceStore } from './store/reference-store.ts';

/**
 * The composition root: opens the database and wires stores into services by hand. Everything the app, the CLI and
 * the tests use comes from here; nothing is a module-level singleton.
 */
export function createContainer(config: Config) {
  const db: Db = openDatabase(config.database);
  const reference = createReferenceService({ store: createReferenceStore(db) });
  return {
    config,
    db,
    services: { reference },
    /** Closes the database; call after the HTTP server has stopped. */
    close: () => db.close(),
  };
}

export type Container = ReturnType<typeof createContainer>;
