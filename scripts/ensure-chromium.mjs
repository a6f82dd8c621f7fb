// The browser tests drive Debian's Chromium; install it when the machine lacks it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit' }).status === 0;
  };
  const ok =
    run(['apt-get', 'update', '-qq']) &&
    run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core']);
  if (!ok || !existsSync(CHROMIUM)) {
    console.error('Could not install Chromium; set CHROMIUM_PATH to a Chromium or Chrome binary.');
    process.exit(1);
  }
}
