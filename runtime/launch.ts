// Start-up of the commands (`npm start`, `npm run demo`): a bad setting or a port that cannot be
// listened on is one clear line on stderr and exit code 1, not a stack trace; a service that would
// reach upstreams without telling them whom to contact is a warning in the log.
import { loadConfig, type Config } from './config.js';
import { StartupError, startServer, type Running } from './server.js';
import { namesRealContact } from './upstream/contact.js';

function exitWith(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The line for an error of listen(), or undefined for any other error. */
export function listenFailure(err: unknown, config: Config): string | undefined {
  const e = err as NodeJS.ErrnoException;
  if (e?.syscall !== 'listen') return undefined;
  const where = `port ${config.port} on ${config.host}`;
  switch (e.code) {
    case 'EADDRINUSE':
      return `${where} is already in use; set PORT to a free port (or stop the process that holds it)`;
    case 'EACCES':
      return `${where} needs privileges this process does not have; set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `${config.host} is not an address of this machine; set HOST (127.0.0.1 for this machine only, 0.0.0.0 for every address)`;
    default:
      return `cannot listen on ${where}: ${e.code ?? e.message}`;
  }
}

/**
 * The start-up warning when the User-Agent sent upstream names no one an upstream can reach (MET's
 * terms of service: identify yourself with a contact, or risk being blocked without warning):
 * neither UPSTREAM_CONTACT nor a PUBLIC_BASE_URL that is not loopback. Replay reaches no upstream.
 */
export function upstreamContactWarning(config: Config): string | undefined {
  if (config.upstreamMode === 'replay' || namesRealContact(config.userAgent)) return undefined;
  return `the User-Agent sent to upstreams ("${config.userAgent}") names no contact: set UPSTREAM_CONTACT to an e-mail address or URL where the operator can be reached (MET Norway and others block clients they cannot contact), or PUBLIC_BASE_URL to the service's public address`;
}

export async function launch(env: NodeJS.ProcessEnv = process.env): Promise<Running> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    exitWith(`cannot start: ${(err as Error).message}`);
  }
  try {
    const running = await startServer(config);
    const warning = upstreamContactWarning(config);
    if (warning) running.services.logger.warn(warning);
    return running;
  } catch (err) {
    const line = err instanceof StartupError ? `cannot start: ${err.message}` : listenFailure(err, config);
    if (line) exitWith(line);
    throw err;
  }
}
