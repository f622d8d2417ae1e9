#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: builds dist/ only when it is missing or older than what it is built from, then runs
 * the demo server (demo/server.mjs). A full `npm run build` takes one to four minutes on two
 * cores (about 70 s idle, 230 s busy); README's quick start says so. The demo page only needs the
 * files it loads to be current.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What rollup.config.mjs reads: a change to any of these can change dist/. */
export const SOURCES = ['src', 'styles', 'rollup.config.mjs', 'package.json'];

/**
 * The built files the demo serves or imports (demo/index.html, demo/server.mjs): the ES module,
 * the script tags (all kinds, and one per kind, as rollup.config.mjs names them) and the proxy.
 * @param {string} root the repository
 */
export function builtFiles(root) {
  const kinds = readdirSync(path.join(root, 'src/widgets/kinds'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `dist/repkit.${entry.name}.umd.js`);
  return ['dist/repkit.mjs', 'dist/repkit.umd.js', ...kinds, 'dist/repkit.proxy.mjs', 'dist/repkit.proxy.node.mjs'];
}

/**
 * The most recently modified file under `target` (itself when it is a file).
 * @param {string} target
 * @returns {{ file: string, mtimeMs: number } | undefined} undefined when nothing is there
 */
function newestUnder(target) {
  /** @type {import('node:fs').Stats} */
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return undefined;
  }
  if (!stats.isDirectory()) return { file: target, mtimeMs: stats.mtimeMs };
  /** @type {{ file: string, mtimeMs: number } | undefined} */
  let newest;
  for (const name of readdirSync(target)) {
    const found = newestUnder(path.join(target, name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Whether dist/ can be served as it is: every built file exists and none is older than the newest
 * source. Reads modification times only; paths are relative to `root`.
 * @param {string} root
 * @param {string[]} sources files or folders
 * @param {string[]} built files
 * @returns {{ fresh: boolean, reason: string }}
 */
export function distStatus(root, sources, built) {
  /** @type {{ file: string, mtimeMs: number } | undefined} */
  let oldest;
  for (const file of built) {
    const found = newestUnder(path.join(root, file));
    if (!found) return { fresh: false, reason: `${file} is missing` };
    if (!oldest || found.mtimeMs < oldest.mtimeMs) oldest = found;
  }
  /** @type {{ file: string, mtimeMs: number } | undefined} */
  let newest;
  for (const source of sources) {
    const found = newestUnder(path.join(root, source));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  const name = (/** @type {{ file: string }} */ { file }) => path.relative(root, file);
  if (!oldest) return { fresh: false, reason: 'no built file is named' };
  if (newest && newest.mtimeMs > oldest.mtimeMs) return { fresh: false, reason: `${name(newest)} is newer than ${name(oldest)}` };
  return {
    fresh: true,
    reason: newest ? `${name(oldest)} is newer than every source, the newest of which is ${name(newest)}` : 'no sources found',
  };
}

/** Runs `npm run build` with this terminal's output; resolves when it succeeds. */
function build() {
  return new Promise((resolve, reject) => {
    // npm is a .cmd script on Windows, which only a shell runs.
    const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve(undefined) : reject(new Error(`npm run build failed (${signal ?? code})`))));
  });
}

// Run as a script, not when a test imports distStatus.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { fresh, reason } = distStatus(repoRoot, SOURCES, builtFiles(repoRoot));
  if (fresh) {
    console.log(`repkit demo: dist/ is up to date, not rebuilding (${reason})`);
  } else {
    console.log(`repkit demo: building dist/ (${reason}); the first build takes one to four minutes on two cores`);
    try {
      await build();
    } catch (error) {
      console.error(`repkit demo: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
  await import('../demo/server.mjs');
}
