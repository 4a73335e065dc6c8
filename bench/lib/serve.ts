/**
 * The life of a baseline server started by a load benchmark (bench/raw-server.ts, bench/catalog-reads-baseline.ts):
 * listens on HOST:PORT (env; default 127.0.0.1 and any free port), prints "<name> is listening on
 * http://HOST:PORT" when ready, and exits on SIGTERM/SIGINT and when its stdin closes, so it does not outlive the
 * benchmark that started it, even if that one is killed.
 */
import type { Server } from 'node:http';

export function serveUntilStdinCloses(server: Server, name: string): void {
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT || 0);
  server.listen(port, host, () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    process.stdout.write(`${name} is listening on http://${host}:${actual}\n`);
  });
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
