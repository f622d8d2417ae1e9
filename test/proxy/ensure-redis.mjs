// @ts-check
// Makes sure Debian's redis-server is installed before the proxy suite, which starts its own
// servers on loopback (test/proxy/redis-server.ts). Only the distribution's package is used.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const REDIS = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

if (!existsSync(REDIS)) {
  if (process.getuid?.() !== 0) {
    console.error(`redis-server is missing at ${REDIS}. Install it with: sudo apt-get install -y redis-server`);
    process.exit(1);
  }
  console.log('Installing Debian redis-server for the proxy tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
}
