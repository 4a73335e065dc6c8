/**
 * How a service reaches its repositories: `repos.x` reads on the pool; `repos.transaction(async (repos) => …)` runs
 * work on the same repositories bound to one transaction, all or nothing. The database layer implements it
 * (`src/db/repos.ts`); the composition root hands each service the repositories it names.
 */
export type Transactional<R> = R & {
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
};

/** Thrown inside a rehearsal's transaction to roll it back; never leaves `rehearse`. */
const REHEARSED = Symbol('rehearsed');

/**
 * Runs `work` in a transaction and rolls it back whatever it did: the refusal it would meet is thrown, and nothing is
 * kept. For checking that an action would go through before anyone is asked to consent to it (docs/mcp.md,
 * "Confirmation"), with the action's own code. `work` must do all its writing through the repositories it is given.
 */
export async function rehearse<R>(repos: Transactional<R>, work: (repos: R) => Promise<unknown>): Promise<void> {
  try {
    await repos.transaction(async (inside) => {
      await work(inside);
      throw REHEARSED;
    });
  } catch (error) {
    if (error !== REHEARSED) throw error;
  }
}
