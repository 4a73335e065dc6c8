import type { Container } from './container.ts';
import { systemContext } from './context.ts';
import type { SyncReport } from './domain/reference/reference-service.ts';

export type ProgressReporter = (line: string, final: boolean) => void;

/**
 * A progress reporter for the terminal: one line rewritten in place on a TTY, one line per finished step otherwise
 * (logs, CI).
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  return (line, final) => {
    if (stream.isTTY) stream.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else if (final) stream.write(`${line}\n`);
  };
}

function summary(counts: SyncReport[keyof SyncReport]): string {
  return `${counts.inserted} added, ${counts.updated} updated, ${counts.retired} retired, ${counts.unchanged} unchanged`;
}

/** Loads reference data (countries, states, specifications); safe to run any number of times. */
export async function seed(container: Container, progress?: ProgressReporter): Promise<SyncReport> {
  const report = await container.services.reference.sync(systemContext('seed'), (step, done, total) => {
    progress?.(`seeding ${step}: ${done}/${total}`, done === total && total > 0);
  });
  progress?.(`countries: ${summary(report.countries)}`, true);
  progress?.(`states: ${summary(report.states)}`, true);
  progress?.(`specifications: ${summary(report.specifications)}`, true);
  return report;
}
