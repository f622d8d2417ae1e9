// @ts-check
/**
 * A real redis-server (Debian's, see ensure-redis.mjs) for the proxy tests and the store
 * benchmark: on a free loopback port, its files in a temporary directory, nothing saved to disk.
 * `stop()` and `start()` again on the same port stand for an outage and its end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REDIS = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** A free TCP port on loopback (the kernel's pick, released at once for redis to take). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address == 'object' && address ? address.port : 0));
    });
  });

/**
 * Resolves once something accepts connections on the port.
 * @param {number} port
 */
const waitForPort = async (port, ms = 5000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Starts redis-server.
 * @returns {Promise<{ url: string, port: number, start(): Promise<void>, stop(): Promise<void>, close(): Promise<void> }>}
 */
export async function startRedis() {
  const port = /** @type {number} */ (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'repkit-redis-'));
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  const start = async () => {
    if (child && child.exitCode === null) return;
    child = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
