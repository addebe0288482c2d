/**
 * What `npm test` needs from the machine besides npm's packages: the three browser engines
 * (Debian's own builds, never a downloaded one), the X server Firefox and WebKit draw into, the
 * fonts the page falls back on, and util-linux's `script` for the pseudo-terminal tests.
 *
 * Run before any test (`pretest`). As root on Debian it installs what is missing, once, and says
 * so; anywhere else it stops with the one command that would, so no test fails for want of a
 * browser halfway through the run.
 */
import { spawnSync } from 'node:child_process';

export const DEBIAN_PACKAGES = [
  'chromium',
  'firefox-esr',
  'webkit2gtk-driver',
  'libwebkit2gtk-4.1-0',
  'xvfb',
  'fonts-noto-core',
  'fonts-noto-cjk',
  'bsdutils',
] as const;

/** The programs the tests start, for a machine without dpkg to check by hand. */
const PROGRAMS = ['chromium', 'firefox-esr', 'WebKitWebDriver', 'Xvfb', 'script'] as const;

const installed = (name: string): boolean =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.startsWith('install ok installed') ?? false;
const onPath = (program: string): boolean => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const say = (line: string): void => void process.stdout.write(`cube2048 tests: ${line}\n`);

function main(): number {
  const hasDpkg = spawnSync('dpkg-query', ['--version']).status === 0;
  if (!hasDpkg) {
    const absent = PROGRAMS.filter((program) => !onPath(program));
    if (absent.length === 0) return 0;
    say(`this machine lacks ${absent.join(', ')}. The tests are set up for Debian; there, run:`);
    say(`  sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}`);
    return 1;
  }
  const missing = DEBIAN_PACKAGES.filter((name) => !installed(name));
  if (missing.length === 0) return 0;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    say(`the browser and terminal tests need Debian packages this machine lacks (${missing.join(', ')}). Run once:`);
    say(`  sudo sh -c '${command}'`);
    return 1;
  }
  say(`installing the Debian packages the browser and terminal tests need, once: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const done = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (done.status !== 0) {
      say(`apt-get ${args[0]} failed (exit ${done.status ?? done.signal}); run it by hand: ${command}`);
      return 1;
    }
  }
  return 0;
}

process.exitCode = main();
