// Completes package-lock.json for platforms this registry does not serve.
//
// The registry our machines reach lacks most of rollup's per-platform optional packages
// (@rollup/rollup-darwin-arm64, ...), so `npm install` leaves them out of the lock file, and
// `npm ci` then refuses the lock file as out of sync. This adds an entry for each missing
// optional platform package, with the os/cpu/libc its name encodes, so npm ci skips them on
// this platform exactly as it would with a complete lock file. Run it after `npm install`.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = { android: 'android', darwin: 'darwin', freebsd: 'freebsd', linux: 'linux', openbsd: 'openbsd', openharmony: 'openharmony', win32: 'win32' };
const CPU = { arm: 'arm', 'arm-eabi': 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target]) continue;
    const match = /^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+(?:-eabi)?)(?:-(gnu|musl|gnueabihf|musleabihf|msvc))?$/.exec(name);
    if (!match) {
      console.warn(`complete-lockfile: ${name} (optional dependency of ${location || 'the project'}) is missing and not a known platform package`);
      continue;
    }
    const [, os, cpu, abi] = match;
    const stub = { version, dev: entry.dev ?? false, optional: true, os: [OS[os] ?? os], cpu: [CPU[cpu] ?? cpu] };
    if (abi && abi.startsWith('musl')) stub.libc = ['musl'];
    else if (abi && abi.startsWith('gnu')) stub.libc = ['glibc'];
    lock.packages[target] = stub;
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(`${file.pathname}.tmp`, `${JSON.stringify(lock, null, 2)}\n`);
renameSync(`${file.pathname}.tmp`, file);
console.log(`complete-lockfile: added ${added} platform entries`);
