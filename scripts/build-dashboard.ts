/**
 * Builds the merchant dashboard into dashboard/dist when its sources changed since the last build (npm start does the
 * same before it listens). Usage: npm run build:dashboard
 */
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';

const result = await ensureDashboardBuilt((line) => process.stderr.write(`${line}\n`));
process.stderr.write(`dashboard: ${result}\n`);
if (result === 'cannot build' || result === 'no sources') process.exitCode = 1;
