import net from 'node:net';

/**
 * A loopback TCP relay in front of a service (PostgreSQL, Redis), to take it away and bring it back in
 * a test without stopping the real one: `cut()` ends every relayed connection and stops listening
 * (connections are refused, as with a service that is down); `restore()` listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  url(base: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
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
        client.pipe(upstream).pipe(client);
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
    close: cut,
  };
}
