import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Chromium from '@sparticuz/chromium';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../../../api/test/test-support/api-process';

/** Screenshots and other test output: under tmp/ (gitignored). */
export const OUTPUT_DIR = join(ROOT, 'tmp', 'console-e2e');

/**
 * Where the screenshots of docs/console.md go: tmp/console-e2e/; with FELT_DOCS_SCREENSHOTS=1, docs/ (README.md's and
 * docs/console.md's pictures, committed), so that a test run leaves the tracked tree as it was.
 */
export const SCREENSHOTS_DIR = process.env.FELT_DOCS_SCREENSHOTS === '1' ? join(ROOT, 'docs') : OUTPUT_DIR;

/**
 * Checks and bundles the console from its sources the way `npm run build` does (build:console), so the test never
 * runs a stale build; only when a source (the console's, or a library's it bundles) is newer than the build. Browser suites run side by side: rewriting the files one of them is loading
 * gave it a half-written module (after `npm test`'s own build, nothing is rewritten at all).
 */
export function buildConsole(): void {
  const built = join(ROOT, 'dist', 'apps', 'console', 'main.js');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sources = ['apps/console/src', 'apps/console/public', 'libs/engine/src', 'libs/projections/src', 'libs/room/src'];
  if (builtAt > 0 && newestChange(...sources.map((s) => join(ROOT, s))) <= builtAt) return;
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const checked = spawnSync(tsc, ['-p', join(ROOT, 'apps', 'console', 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`the console does not compile:\n${checked.stdout}${checked.stderr}`);
  const bundled = spawnSync(process.execPath, [join(ROOT, 'apps', 'console', 'build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (bundled.status !== 0) throw new Error(`the console does not bundle:\n${bundled.stdout}${bundled.stderr}`);
}

/** The newest modification time of any file below these folders. */
function newestChange(...folders: string[]): number {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The browser: CHROMIUM_PATH when it is set, else the headless Chromium that the @sparticuz/chromium dev dependency
 * ships (so `npm ci` is all a fresh machine needs: no apt-get, no download at test time). That package unpacks the
 * browser and its fonts (with their fontconfig file) to the temp folder on first use. The browser also needs NSS,
 * which Debian has only with a browser installed, so the NSS libraries the package ships are unpacked beside it and
 * put on the browser's library path. Without fontconfig's file the browser dies at its first page.
 */
async function browserToLaunch(): Promise<{ executablePath: string; env: Record<string, string> }> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen))
      throw new Error(`CHROMIUM_PATH=${chosen}: no such file (unset it to use the browser of the @sparticuz/chromium package)`);
    return { executablePath: chosen, env: {} };
  }
  const executablePath = await Chromium.executablePath();
  const libraries = join(tmpdir(), 'al2023', 'lib');
  if (!existsSync(join(libraries, 'libnss3.so'))) {
    // A brotli-compressed tar of lib/*.so (where the package itself would put it on AWS Lambda).
    const packed = join(dirname(require.resolve('@sparticuz/chromium')), '..', '..', 'bin', 'al2023.tar.br');
    mkdirSync(dirname(libraries), { recursive: true });
    const untar = spawnSync('tar', ['-x', '-C', dirname(libraries)], { input: brotliDecompressSync(readFileSync(packed)) });
    if (untar.status !== 0) throw new Error(`could not unpack ${packed}: ${untar.stderr}`);
  }
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return {
    executablePath,
    env: {
      ...env,
      LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? join(tmpdir(), 'fonts'),
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const { executablePath, env } = await browserToLaunch();
  const options = { executablePath, env: Object.keys(env).length > 0 ? env : undefined, headless: true, args: ['--no-sandbox'] };
  // A browser that dies while it starts is started again, up to three times: seen once in a fresh clone's run at load
  // 17 (SIGSEGV before the first page, other suites' browsers starting beside it). The start is the harness's, not
  // the console's behaviour under test; a browser that dies later still fails its test.
  for (let attempt = 1; ; attempt++) {
    try {
      // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
      return await chromium.launch(options);
    } catch (error) {
      if (attempt >= 3 || !/has been closed|process did exit/.test((error as Error).message)) throw error;
    }
  }
}

/**
 * The size of a page whose test names none: the desktop, or FELT_CONSOLE_VIEWPORT ("390x844", "1024x768") to run a
 * whole suite again as a phone or a tablet (docs/console-shift-check.md).
 */
const DEFAULT_VIEWPORT = ((size = process.env.FELT_CONSOLE_VIEWPORT) => {
  const [width, height] = (size ?? '').split('x').map(Number);
  return width && height ? { width, height } : { width: 1280, height: 1000 };
})();

/** One person at the console: their own browser context (own sessionStorage, so own token). */
export class ConsoleUser {
  private constructor(readonly page: Page) {}

  /**
   * `clock`: the page's timers and Date are Playwright's (page.clock), running until a test pauses or moves them:
   * for a test whose subject is a pause or a period of the page's own (the double tap's, the lobby's look for new
   * tables), so that it waits on no time of the machine's.
   */
  static async open(
    browser: Browser,
    baseUrl: string,
    options: { viewport?: { width: number; height: number }; clock?: boolean; timezoneId?: string } = {},
  ): Promise<ConsoleUser> {
    const context = await browser.newContext({
      viewport: options.viewport ?? DEFAULT_VIEWPORT,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    const page = await context.newPage();
    if (options.clock) await page.clock.install();
    // A deadline for each step on a page, not a measurement: generous, so that a busy machine makes a test slow
    // rather than red (15 s was missed at load 8-14: a lobby that reads every table of the shared suite's API).
    page.setDefaultTimeout(60_000);
    // The test fails with the page's own errors rather than a timeout somewhere later.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (process.env.CONSOLE_DEBUG) page.on('console', (message) => console.log('PAGE', message.type(), message.text()));
    if (process.env.CONSOLE_DEBUG) page.on('pageerror', (error) => console.log('PAGEERROR', error.message, error.stack));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${baseUrl}/console/`);
    await page
      .locator('body[data-ready="true"]')
      .waitFor({ state: 'attached' })
      .catch((error: Error) => {
        throw new Error(`the console did not start: ${errors.join('; ') || error.message}`);
      });
    return new ConsoleUser(page);
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('User name').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByTestId('sign-in-submit').click();
    // The answer is in once the header names a user or the notice says why not: a step sent before it (a new hash)
    // would race the sign-in.
    await this.page.waitForFunction(
      "document.getElementById('signed-in-as').textContent !== 'not signed in' || " +
        "(!document.getElementById('notice').hidden && document.getElementById('notice').dataset.kind === 'error')",
    );
  }

  /** "Set your password" from the sign-in screen, with the floor's enrollment code; back on the sign-in screen after. */
  async enroll(username: string, code: string, secret: string): Promise<void> {
    if (!(await this.page.getByTestId('enroll').isVisible())) await this.page.getByTestId('enroll-link').click();
    await this.page.getByTestId('enroll-username').fill(username);
    await this.page.getByTestId('enroll-code').fill(code);
    await this.page.getByTestId('enroll-secret').fill(secret);
    await this.page.getByTestId('enroll-submit').click();
  }

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  /**
   * Answers the confirmation dialog an irreversible action opens (src/confirm-dialog.ts) with its confirm button or
   * Cancel; returns its question and sentence, and waits until it is closed.
   */
  async answerConfirmation(answer: 'confirm' | 'cancel'): Promise<string> {
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    const text = `${await dialog.getByTestId('confirm-dialog-title').textContent()} ${await dialog.getByTestId('confirm-dialog-sentence').textContent()}`;
    await dialog.getByTestId(answer === 'confirm' ? 'confirm-dialog-yes' : 'confirm-dialog-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** Waits until the message line shows something and returns it. */
  async notice(): Promise<string> {
    const notice = this.page.getByTestId('notice');
    await notice.waitFor({ state: 'visible' });
    return (await notice.textContent()) ?? '';
  }

  /** Waits until a control's feedback line (next to it) shows something and returns it. */
  async feedback(name: string): Promise<string> {
    const line = this.page.getByTestId(`feedback-${name}`);
    await line.filter({ hasText: /./ }).waitFor();
    return (await line.textContent()) ?? '';
  }

  /** Opens a table's screen the way a user does: from the lobby's link. */
  async openTableFromLobby(tableId: string): Promise<void> {
    await this.page.goto(this.page.url().replace(/#.*$/, '') + '#/lobby');
    await this.page
      .getByTestId(`lobby-row-${tableId}`)
      .getByRole('link', { name: tableId, exact: true })
      .click()
      .catch(async (error: Error) => {
        const shown = await this.page.evaluate(
          "({ url: location.href, who: document.getElementById('signed-in-as').textContent, " +
            "notice: document.getElementById('notice').textContent, screen: document.getElementById('screen').innerText.slice(0, 2000) })",
        );
        throw new Error(`table ${tableId} has no row in the lobby: the page shows ${JSON.stringify(shown)} (${error.message})`);
      });
    await this.page
      .getByTestId('table-summary')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`table ${tableId} did not show: ${await this.page.getByTestId('notice').textContent()} (${error.message})`);
      });
    // The screen follows /live once the table's recent events are read: from /live's answer ("live", "live (caught
    // up ...)" or "live updates refused") on, a change made through the API shows on the page.
    await this.page
      .getByTestId('live-status')
      .filter({ hasText: /^live\b/ })
      .waitFor();
  }

  /** The table version the page shows. */
  async shownVersion(): Promise<number> {
    return Number(await this.byTestId('version').textContent());
  }

  async waitForVersion(version: number): Promise<void> {
    await this.page
      .getByTestId('version')
      .filter({ hasText: new RegExp(`^${version}$`) })
      .waitFor();
  }

  /** Fills a form (its data-testid) field by field, by label. */
  async fillForm(formTestId: string, fields: Record<string, string>): Promise<void> {
    const form = this.page.getByTestId(formTestId);
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: false }).fill(value);
  }

  /** Fills a form and submits it. */
  async submitForm(formTestId: string, fields: Record<string, string>): Promise<void> {
    await this.fillForm(formTestId, fields);
    await this.page.getByTestId(formTestId).getByTestId(`${formTestId}-submit`).click();
  }

  /** Runs axe-core (the npm package) in the page: the WCAG 2 A and AA rules; returns the serious and critical violations. */
  async accessibilityViolations(): Promise<{ id: string; impact: string; nodes: string[] }[]> {
    await this.page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const result = (await this.page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
    )) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
