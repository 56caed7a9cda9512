import { connect } from 'node:net';

/**
 * Sends raw bytes to a server (a request no HTTP client would send) and resolves with everything
 * the server sent before the connection closed. Ask for `Connection: close` in the bytes.
 */
export function exchange(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let all = '';
    socket.on('data', (chunk) => (all += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(all));
  });
}

/** What `sendWholeThenRead` saw: the bytes the server sent, and how long until it closed. */
export interface WholeExchange {
  /** Everything the server sent, as latin1 text. */
  answer: string;
  /** Milliseconds from connecting until the server closed the connection. */
  ms: number;
  /** Whether every byte of the request was written (accepted by the socket) before the close. */
  wroteAll: boolean;
}

/**
 * Sends a request the way browsers and most HTTP libraries do: the whole of it is written before
 * any of the answer is read (the socket stays paused until the last byte is accepted). A server
 * that stops reading a body it refuses leaves such a client blocked forever; `timeoutMs` turns
 * that into a rejection.
 */
export function sendWholeThenRead(origin: string, request: Buffer, timeoutMs: number): Promise<WholeExchange> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    let answer = '';
    let wroteAll = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms (request written in full: ${wroteAll}); received ${JSON.stringify(answer.slice(0, 80))}`));
    }, timeoutMs);
    socket.on('connect', () =>
      socket.write(request, (error) => {
        wroteAll = !error;
        socket.resume();
      }),
    );
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, ms: performance.now() - started, wroteAll });
    });
  });
}
