import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { TestApp } from './app.ts';

/**
 * Runs a statement on a connection of its own: a change the app did not make and was not told of ($1, $2… for
 * parameters, on both engines).
 */
export async function behindTheBack(t: TestApp, statement: string, parameters: unknown[]): Promise<void> {
  const config = t.database.config;
  if (config.kind === 'sqlite') {
    const other = new SqliteDatabase(config.file);
    try {
      other.prepare(statement.replace(/\$\d+/g, '?')).run(...parameters);
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: config.url });
  await other.connect();
  try {
    await other.query(statement, parameters);
  } finally {
    await other.end();
  }
}
