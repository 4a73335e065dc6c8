import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server, which the test can pause: while paused it accepts connections
 * and keeps every socket open but forwards no byte in either direction (held in order, FIN included), exactly what a
 * server stopped with SIGSTOP looks like from the client. `resume` delivers what was held and forwards again.
 */
export interface PausableProxy {
  port: number;
  pause(): void;
  /**
   * Pauses right after forwarding the next client chunk that contains `marker` (e.g. `commit`): the server gets the
   * statement and runs it, its answer is held. What a client sees when the server stops just after committing.
   */
  pauseAfterClientSends(marker: string): void;
  resume(): void;
  close(): Promise<void>;
}

type Step = { data: Buffer } | { end: true };

export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  let paused = false;
  let pauseAfter: string | undefined;
  const sockets = new Set<net.Socket>();
  const flushers = new Set<() => void>();

  /** Forwards `from` → `to`, holding data and the end of stream while paused. */
  function forward(from: net.Socket, to: net.Socket, fromClient: boolean): void {
    const held: Step[] = [];
    const deliver = (step: Step) => {
      if (to.destroyed) return;
      if ('data' in step) to.write(step.data);
      else to.end();
    };
    const flush = () => {
      for (const step of held.splice(0)) deliver(step);
    };
    flushers.add(flush);
    const push = (step: Step) => {
      if (paused) held.push(step);
      else deliver(step);
    };
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      push({ end: true });
    };
    from.on('data', (data: Buffer) => {
      push({ data });
      if (fromClient && pauseAfter !== undefined && data.includes(pauseAfter)) {
        pauseAfter = undefined;
        paused = true;
      }
    });
    from.on('end', end);
    // A destroyed client (as pg does to a timed-out connection) reaches the server as an end of stream.
    from.on('close', end);
    to.on('close', () => flushers.delete(flush));
  }

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream, true);
    forward(upstream, client, false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    pause() {
      paused = true;
    },
    pauseAfterClientSends(marker: string) {
      pauseAfter = marker;
    },
    resume() {
      paused = false;
      for (const flush of [...flushers]) flush();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
