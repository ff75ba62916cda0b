import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a fault test can cut and restore on
 * the same port, or slow down: the machine's servers are shared, so they are never stopped.
 */
export class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  /** Each chunk, both ways, waits this long before it is passed on (a slow network). */
  delayMs = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      this.relay(client, upstream);
      this.relay(upstream, client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private relay(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk: Buffer) => {
      const pass = () => {
        if (!to.destroyed) to.write(chunk);
      };
      // Order is kept: every chunk waits the same delay, and timers of equal delay run in order.
      if (this.delayMs > 0) setTimeout(pass, this.delayMs);
      else pass();
    });
    from.on('end', () => {
      const end = () => to.end();
      if (this.delayMs > 0) setTimeout(end, this.delayMs);
      else end();
    });
  }

  /** Destroys every live connection and stops listening: connecting is refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) =>
      server ? server.close(() => resolve()) : resolve(),
    );
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Listens again on the same port. */
  restore(): Promise<void> {
    return this.open();
  }
}
