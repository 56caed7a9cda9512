// The load generator of `npm run bench -- --forms`, run as its own process so it does not share
// an event loop with the server: `node bench/forms-load.mjs <url> <connections> <requests> <seconds> <tag>`.
// Posts valid, distinct subscriptions over keep-alive connections until either bound is reached,
// then prints one JSON line: { requests, seconds, rps, p50Ms, p99Ms, statuses }.
import { Agent, request } from 'node:http';

const [url, connections, maxRequests, maxSeconds, tag] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const target = new URL('/api/subscribe', url);
const deadline = performance.now() + Number(maxSeconds) * 1000;
const latencies = [];
const statuses = {};
let sent = 0;

function post(body) {
  return new Promise((resolve) => {
    const req = request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve('error'));
    req.end(body);
  });
}

async function worker() {
  while (sent < Number(maxRequests) && performance.now() < deadline) {
    const n = sent++;
    const body = JSON.stringify({ email: `load-${tag}-${n}@example.com`, source: '/bench' });
    const t = performance.now();
    const status = await post(body);
    latencies.push(performance.now() - t);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connections) }, worker));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
agent.destroy();
console.log(JSON.stringify({ requests: latencies.length, seconds, rps: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), statuses }));
