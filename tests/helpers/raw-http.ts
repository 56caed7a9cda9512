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
