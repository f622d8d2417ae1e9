/** Child processes and ports for the examples suite. */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The environment of a build or server: this one without what the test runner set (vitest's
 * NODE_ENV=test would make Vite and Next build the frameworks' development bundles).
 */
export const childEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false' };
  delete env.NODE_ENV;
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name == 'TEST') Reflect.deleteProperty(env, name);
  return { ...env, ...extra };
};

/** Runs a command; resolves with its stdout, rejects with an error carrying the end of its output. */
export const run = (file: string, args: string[], cwd: string, options: { timeout: number; env?: Record<string, string> }): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd, timeout: options.timeout, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: childEnv(options.env) },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const tail = (s: string): string => (s.length > 6000 ? `…${s.slice(-6000)}` : s);
        reject(new Error(`${file} ${args.join(' ')} failed in ${cwd} (${error.message.split('\n')[0]}):\n${tail(stdout)}\n${tail(stderr)}`));
      },
    );
  });

/** A TCP port free right now on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
