// @ts-check
/**
 * How every suite and benchmark starts Chromium: Debian's build (never a downloaded one) with
 * the flags this project runs it with, as root, offline.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
