/**
 * A check the caller runs against the current state of a resource inside the write transaction: after the resource
 * was found (and its row locked, so no other write can slip in between) and before anything changes. Throwing stops
 * the write; the transaction rolls back and nothing is kept.
 *
 * The HTTP layer uses it for If-Match (RFC 9110 §13.1.1): it renders the current representation, compares its ETag
 * with the request's and throws 412 PRECONDITION_FAILED when they differ. `context` is what the representation needs
 * besides the resource that the service reads in the same transaction: the store currency for resources with
 * amounts, nothing (`void`) for the others.
 */
export type Precondition<T, C = void> = (current: T, context: C) => void;
