// Debian's Firefox ESR over WebDriver, one way for every caller: the browser
// differential (tests/browser/harness.mjs), the runtime matrix's Firefox rows
// (tools/runtimes/webdriver-rows.mjs) and the WPT runner (tools/wpt.mjs).
// Playwright drives only its own Firefox build, which these machines cannot
// download, so selenium-webdriver talks to geckodriver (built from crates.io by
// tools/setup.sh; npm's geckodriver package downloads from GitHub).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The absolute path of `command` on PATH, or null. */
export function which(command) {
  const p = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return p.status === 0 ? p.stdout.trim() : null;
}

/**
 * Why Firefox cannot be driven here (a sentence naming what is missing), or
 * null when firefox-esr (or $FIREFOX) and geckodriver are both present.
 */
export function firefoxMissing() {
  const binary = process.env.FIREFOX || '/usr/bin/firefox-esr';
  const missing = [existsSync(binary) ? '' : `no ${binary}`, which('geckodriver') ? '' : 'no geckodriver on PATH'].filter(Boolean);
  return missing.length ? `needs firefox-esr and geckodriver (tools/setup.sh installs both): ${missing.join(', ')}` : null;
}

/**
 * A headless Firefox session: { driver, version, name, close }. With `bidi`
 * the session also speaks WebDriver BiDi (the WPT runner's preload scripts).
 * Throws with firefoxMissing()'s sentence when it cannot start.
 */
export async function firefoxDriver({ bidi = false } = {}) {
  const missing = firefoxMissing();
  if (missing) throw new Error(missing);
  const { Builder } = require('selenium-webdriver');
  const firefox = require('selenium-webdriver/firefox');
  const options = new firefox.Options().addArguments('-headless').setBinary(process.env.FIREFOX || '/usr/bin/firefox-esr');
  if (bidi) options.enableBidi();
  const driver = await new Builder().forBrowser('firefox').setFirefoxOptions(options)
    .setFirefoxService(new firefox.ServiceBuilder(which('geckodriver'))).build();
  const version = (await driver.getCapabilities()).get('browserVersion');
  return { driver, version, name: `Firefox ESR ${version}`, close: () => driver.quit() };
}
