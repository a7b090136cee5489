import net from 'node:net';

/**
 * A loopback TCP relay in front of a service (PostgreSQL, Redis), to take it away and bring it back in
 * a test without stopping the real one: `cut()` ends every relayed connection and stops listening
 * (connections are refused, as with a service that is down); `restore()` listens again on the same port.
 * `silence()` drops every byte in both directions without closing anything (a network partition, a
 * paused server: nobody is told); `unsilence()` relays again for connections opened after it, while
 * the ones that lived through the silence stay broken, as their lost packets leave them.
 */
export interface TcpProxy {
  port: number;
  url(base: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  silence(): void;
  unsilence(): void;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Connections whose bytes are dropped: every one open during a silence. */
  const muted = new WeakSet<net.Socket>();
  let silent = false;
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        if (silent) muted.add(client);
        client.on('data', (d: Buffer) => {
          if (!muted.has(client)) upstream.write(d);
        });
        upstream.on('data', (d: Buffer) => {
          if (!muted.has(client)) client.write(d);
        });
      });
      s.on('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const cut = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    url(base) {
      const u = new URL(base);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut,
    restore: listen,
    silence() {
      silent = true;
      for (const sock of sockets) muted.add(sock);
    },
    unsilence() {
      silent = false;
    },
    close: cut,
  };
}
