// Starts the HTTP server for a configuration (and the metrics listener when METRICS_PORT is set)
// and stops it gracefully: on SIGTERM it stops accepting connections, lets requests in flight
// finish, closes every other connection at once (idle keep-alive ones, and ones whose request has
// not fully arrived), then exits.
import type { AddressInfo, Socket } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SERVERS } from '../servers/index.js';
import type { Config } from './config.js';
import { createAppParts } from './http/app.js';
import { metricsListener } from './http/metrics-route.js';
import { createNodeListener } from './http/node-listener.js';
import { createServices, type ServiceOptions, type Services } from './services.js';
import { prepareStore } from './store/prepare.js';

/** A start-up failure that is one line for the operator, not a stack trace. */
export class StartupError extends Error {}

export interface Running {
  services: Services;
  server: Server;
  url: string;
  /** The METRICS_PORT listener's /metrics URL, when there is one. */
  metricsUrl?: string;
  close(): Promise<void>;
}

function urlOf(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** A scrape can wait for the next instance: nothing on the metrics listener is finished first. */
function closeNow(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startServer(config: Config, options: Partial<ServiceOptions> = {}): Promise<Running> {
  const services = createServices(config, { servers: SERVERS, ...options });
  try {
    await prepareStore(services.store, config.apiKeysFile, (line) => services.logger.info(line));
  } catch (err) {
    await services.close();
    throw new StartupError(`the store (${services.store.kind} ${services.store.where}) could not be prepared: ${(err as Error).message}`);
  }
  services.audit.start();
  services.oauth.start();
  const server = createServer(createNodeListener(services, createAppParts(services)));
  const connections = trackConnections(server);
  try {
    await listen(server, config.port, config.host);
  } catch (err) {
    await services.close();
    throw err;
  }
  server.keepAliveTimeout = 65_000;
  const metricsServer = config.metrics ? createServer(metricsListener(services)) : undefined;
  if (metricsServer) {
    await listen(metricsServer, config.metrics!.port, config.metrics!.host).catch(async (err: unknown) => {
      await new Promise((resolve) => server.close(resolve));
      await services.close();
      throw err;
    });
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      // A keep-alive connection busy now goes idle once its answer is sent, and would then hold
      // server.close() for keepAliveTimeout (65 s, past the 25 s forced exit); one whose request
      // headers trickle in is not idle to Node and would hold it for headersTimeout: close every
      // connection without a request being answered, now and as more appear.
      const sweep = setInterval(connections.closeUnanswered, 50);
      server.close(() => {
        clearInterval(sweep);
        resolve();
      });
      connections.closeUnanswered();
    })
      .then(() => metricsServer && closeNow(metricsServer))
      .then(() => services.close()));
  return { services, server, url: urlOf(server), metricsUrl: metricsServer && `${urlOf(metricsServer)}/metrics`, close };
}

/** Open connections, and how many requests each has being answered (a request counts once its headers are in). */
function trackConnections(server: Server): { closeUnanswered(): void } {
  const answering = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    answering.set(socket, 0);
    socket.once('close', () => answering.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    res.once('close', () => {
      if (answering.has(socket)) answering.set(socket, answering.get(socket)! - 1);
    });
  });
  return {
    closeUnanswered: () => {
      for (const [socket, n] of answering) if (n === 0) socket.destroy();
    },
  };
}

/** SIGTERM and SIGINT: finish what is in flight, then exit; a second signal exits at once. */
export function stopOnSignals(running: Running, log: (msg: string) => void): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: no new requests; finishing those in flight`);
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
