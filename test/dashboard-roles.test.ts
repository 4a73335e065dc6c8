import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ROLE_PERMISSIONS as DASHBOARD_ROLES } from '../dashboard/src/roles.ts';
import { ROLE_PERMISSIONS, ROLES } from '../src/domain/shared/permissions.ts';

it("the dashboard's table of role permissions is the API's", () => {
  for (const role of ROLES) assert.deepEqual([...DASHBOARD_ROLES[role]].sort(), [...ROLE_PERMISSIONS[role]].sort(), role);
  assert.deepEqual(Object.keys(DASHBOARD_ROLES).sort(), [...ROLES].sort());
});
