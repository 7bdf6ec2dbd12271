/**
 * A TCP pass-through that can hold traffic, for tests of a frozen service: while paused, bytes from the client are
 * kept (on new and already open connections alike) and reach the service only on `resume()` — even when the client
 * has given up and closed its side meanwhile, as a service stopped with SIGSTOP and continued would still apply them.
 * `held()` resolves when every connection held back has had its answer from the service.
 */
import net from 'node:net';

export interface PausableProxy {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  pause(): void;
  resume(): void;
  /** Resolves once the service has started answering each connection that was held. */
  answered(): Promise<void>;
  close(): Promise<void>;
}

export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  let paused = false;
  const holding = new Set<() => void>();
  const waits: Promise<void>[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const kept: Buffer[] = [];
    let clientGone = false;
    let release: (() => void) | undefined;
    // Held bytes not yet answered: the client's FIN must not reach the service before them, or the service aborts the
    // request it is reading (Node drops a request whose client ended) instead of applying it.
    let awaitingAnswer = false;

    client.on('data', (chunk: Buffer) => {
      if (!paused && !release) return void upstream.write(chunk);
      kept.push(chunk);
      if (release) return;
      let answered!: () => void;
      waits.push(new Promise<void>((resolve) => (answered = resolve)));
      awaitingAnswer = true;
      const onAnswer = () => {
        awaitingAnswer = false;
        answered();
      };
      upstream.once('data', onAnswer);
      upstream.once('close', onAnswer);
      release = () => {
        release = undefined;
        for (const c of kept.splice(0)) upstream.write(c);
      };
      holding.add(release);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!clientGone) client.write(chunk);
      else upstream.end(); // the client left: the service's answer goes nowhere, as it would after a 504
    });
    client.on('close', () => {
      clientGone = true;
      if (!awaitingAnswer) upstream.end();
    });
    upstream.on('close', () => client.destroy());
    client.on('error', () => {});
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const release of [...holding]) release();
      holding.clear();
    },
    answered: async () => {
      await Promise.all(waits);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
