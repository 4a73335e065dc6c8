/**
 * The permissions of each role: the API's own table (src/domain/shared/permissions.ts, a module without imports),
 * bundled into the dashboard at build time, so the Team page offers only roles the API would let the member give and
 * there is no second copy to keep equal.
 */
export { type Permission, ROLE_PERMISSIONS, ROLES, type Role } from '../../src/domain/shared/permissions.ts';
