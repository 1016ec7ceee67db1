import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../../../api/test/test-support/api-process';

/** Debian's chromium (apt-get install chromium); playwright-core never downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots and other test output: under tmp/ (gitignored). */
export const OUTPUT_DIR = join(ROOT, 'tmp', 'console-e2e');

/** Compiles the console from its sources the way `npm run build` does, so the test never runs a stale build. */
export function buildConsole(): void {
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-p', join(ROOT, 'apps', 'console', 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the console does not compile:\n${result.stdout}${result.stderr}`);
  cpSync(join(ROOT, 'apps', 'console', 'public'), join(ROOT, 'dist', 'apps', 'console'), { recursive: true });
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  mkdirSync(OUTPUT_DIR, { recursive: true });
  // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/** One person at the console: their own browser context (own sessionStorage, so own token). */
export class ConsoleUser {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, baseUrl: string): Promise<ConsoleUser> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    // The test fails with the page's own errors rather than a timeout somewhere later.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`${baseUrl}/console/`);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' }).catch((error: Error) => {
      throw new Error(`the console did not start: ${errors.join('; ') || error.message}`);
    });
    return new ConsoleUser(page);
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('User name').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByTestId('sign-in-submit').click();
  }

  byTestId(id: string) {
    return this.page.getByTestId(id);
  }

  /** Waits until the message line shows something and returns it. */
  async notice(): Promise<string> {
    const notice = this.page.getByTestId('notice');
    await notice.waitFor({ state: 'visible' });
    return (await notice.textContent()) ?? '';
  }

  /** Opens a table's screen the way a user does: from the lobby's link. */
  async openTableFromLobby(tableId: string): Promise<void> {
    await this.page.goto(this.page.url().replace(/#.*$/, '') + '#/lobby');
    await this.page.getByTestId(`lobby-row-${tableId}`).getByRole('link', { name: tableId }).click();
    await this.page.getByTestId('table-summary').waitFor().catch(async (error: Error) => {
      throw new Error(`table ${tableId} did not show: ${await this.page.getByTestId('notice').textContent()} (${error.message})`);
    });
  }

  /** The table version the page shows. */
  async shownVersion(): Promise<number> {
    return Number(await this.byTestId('version').textContent());
  }

  async waitForVersion(version: number): Promise<void> {
    await this.page.getByTestId('version').filter({ hasText: new RegExp(`^${version}$`) }).waitFor();
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

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
