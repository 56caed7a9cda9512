import { createServer, type Server } from 'node:net';

/**
 * A server could not listen where it was asked to (the port is taken, the address is not this
 * machine's, the port needs privileges); the message is one sentence saying what to do. `dev` and
 * `preview` print it and exit 1, leaving nothing running.
 */
export class ListenError extends Error {
  override name = 'ListenError';
}

/** Whether `error` is a ListenError. */
export function isListenError(error: unknown): error is ListenError {
  return error instanceof ListenError;
}

/** Where to listen: the port asked for, and whether `--port` named it (a default may move on to the next free port). */
export interface PortRequest {
  host: string;
  port: number;
  /** `--port` was given: a busy port is an error, not a reason to take another. */
  explicit: boolean;
}

/** How many ports after a busy default are tried before giving up. */
const TRIES = 20;

/**
 * The first port from `request.port` on that nothing listens on now, tried by listening on it for
 * a moment (as Vite and Hugo do): the requested port itself when it is free or was asked for
 * explicitly. Throws a `ListenError` when an explicit port is busy, the address is not this
 * machine's, or no port in the next 20 is free.
 *
 * # Design decision
 * Probed before the long work (the first build, opening the forms' database), so a busy
 * `--port` fails in a second with nothing started, instead of after the build with a watcher
 * and a database worker left running. The real server then listens on the port found; a
 * program that takes it in between is met by `listenOn`, which moves on the same way.
 */
export function findPort(request: PortRequest): Promise<{ port: number; busy: number[] }> {
  return firstFree(request, (port) => tryListen(createServer(), request.host, port, true));
}

/**
 * Makes `server` listen on the port `findPort` chose, moving on to the next free one when the
 * port was taken meanwhile and was not asked for explicitly. Resolves with the port bound and the
 * busy ports passed over.
 */
export async function listenOn(server: Server, request: PortRequest): Promise<{ port: number; busy: number[] }> {
  const found = await firstFree(request, (port) => tryListen(server, request.host, port, false));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : found.port, busy: found.busy };
}

/** Tries ports from the one requested until `attempt` succeeds, or says why it cannot (see `findPort`). */
async function firstFree(request: PortRequest, attempt: (port: number) => Promise<string | undefined>): Promise<{ port: number; busy: number[] }> {
  const busy: number[] = [];
  for (let port = request.port; ; port++) {
    const problem = await attempt(port);
    if (!problem) return { port, busy };
    const moveOn = problem === 'EADDRINUSE' && !request.explicit && request.port !== 0 && busy.length < TRIES && port < 65535;
    if (!moveOn) throw listenError(problem, request, problem === 'EADDRINUSE' ? [...busy, port] : busy);
    busy.push(port);
  }
}

/** Listens on `port`; resolves with the error code when that fails (the server is then not listening), else undefined. */
function tryListen(server: Server, host: string, port: number, close: boolean): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error.code ?? 'EUNKNOWN');
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      if (close) server.close(() => resolve(undefined));
      else resolve(undefined);
    });
  });
}

/** The sentence for a failure to listen, by its error code. */
function listenError(code: string, { host, port, explicit }: PortRequest, busy: number[]): ListenError {
  if (code === 'EADDRINUSE' && explicit) {
    return new ListenError(`port ${port} on ${host} is in use by another program (another "heartnotes dev" or "preview"?); stop it, or choose another port with --port`);
  }
  if (code === 'EADDRINUSE') {
    return new ListenError(`ports ${busy[0]} to ${busy[busy.length - 1]} on ${host} are all in use; stop a server you no longer need, or choose a port with --port`);
  }
  if (code === 'EACCES') {
    return new ListenError(`port ${port} on ${host} needs privileges this user does not have; choose one above 1023 with --port`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ListenError(`--listen ${host} is not an address of this machine; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network interface)`);
  }
  return new ListenError(`cannot listen on ${host} port ${port} (${code}); choose another port with --port or another address with --listen`);
}

/** "Port 4321 is in use, so this server is at 4322" when ports were passed over, else undefined. */
export function movedNote(requested: number, bound: number, busy: number[]): string | undefined {
  if (!busy.length) return undefined;
  return `Port ${requested}${busy.length > 1 ? ` to ${busy[busy.length - 1]}` : ''} ${busy.length > 1 ? 'are' : 'is'} in use (another dev server or preview?), so this one uses ${bound}.`;
}
