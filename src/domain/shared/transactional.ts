/**
 * How a service reaches its repositories: `repos.x` reads on the pool; `repos.transaction(async (repos) => …)` runs
 * work on the same repositories bound to one transaction, all or nothing. The database layer implements it
 * (`src/db/repos.ts`); the composition root hands each service the repositories it names.
 */
export type Transactional<R> = R & {
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
};
