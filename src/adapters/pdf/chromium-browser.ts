import { execFile } from 'node:child_process';
import { constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withinDeadline } from '../../domain/errors/deadline.ts';
import { type CdpConnection, launchWithPipe } from './cdp-pipe.ts';

/**
 * The browser itself: how Debian's Chromium is started for printing (its switches, a
 * profile of its own) and stopped. The page pool that prints with it is chromium.ts.
 */

/**
 * Features an automated browser is better without (the list playwright-core 1.65 disables,
 * kept when the PDF thread stopped using playwright): no profile clean-up race at close,
 * no HTTPS upgrades or field trials, no paint holding that delays the first frame, nothing
 * that phones home.
 */
export const AUTOMATION_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * The headless browser gives every window the omnibox popup as WebUI pages, two renderers of
 * their own whose start ran beside the first print of every new page (docs/performance.md,
 * "Reports").
 * Chromium reads only the last --disable-features switch, so there is exactly one.
 */
const DISABLED_FEATURES = [...AUTOMATION_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The machine has no route to Google's services, so everything that phones home is off,
 * and the browser runs as root in a container, hence --no-sandbox. Colours are printed in
 * sRGB whatever the machine's display profile, and no window opens until a page is made.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--no-startup-window',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-field-trial-config',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
  '--mute-audio',
  '--password-store=basic',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export class PdfUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnavailableError';
  }
}

/** Debian's package puts it here */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

const VERSION_CHECK_TIMEOUT_MS = 10_000;

/**
 * Rejects with PdfUnavailableError when there is no browser at `executablePath`: nothing
 * executable there, or a program that does not answer `--version` with a version (a
 * broken install, a wrong path). Costs a process that exits at once, never a browser.
 */
export async function checkBrowserExecutable(executablePath: string): Promise<void> {
  await checkExecutableFile(executablePath);
  const answer = await new Promise<{ error: Error | null; stdout: string }>((resolve) => {
    execFile(
      executablePath,
      ['--version'],
      { timeout: VERSION_CHECK_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout) => resolve({ error, stdout: String(stdout) }),
    );
  });
  if (answer.error || !/\d+\.\d+/.test(answer.stdout)) {
    const why = answer.error ? answer.error.message.split('\n')[0] : 'no version in its answer';
    throw new PdfUnavailableError(`Chromium could not be started (${executablePath}): --version failed`, {
      cause: new Error(why),
    });
  }
}

/** The cheap part of the check (one access call): whether anything executable is there. */
export async function checkExecutableFile(executablePath: string): Promise<void> {
  try {
    await access(executablePath, constants.X_OK);
  } catch (error) {
    throw new PdfUnavailableError(`Chromium could not be started (${executablePath})`, { cause: error });
  }
}

/** A running browser, and when it is entirely gone: exited, and its directory removed. */
export interface ChromiumProcess {
  connection: CdpConnection;
  gone: Promise<void>;
}

/**
 * Starts a browser with a fresh, empty directory of its own: its profile, and its TMPDIR
 * (where Chromium puts its shared-memory files and scratch directories, which a browser
 * that is killed leaves behind). The directory is removed once the browser has exited,
 * whether it was closed or crashed; rejects with PdfUnavailableError when it cannot start.
 */
export async function launchChromium(executablePath: string, timeoutMs: number): Promise<ChromiumProcess> {
  const own = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
  const scratch = join(own, 'tmp');
  mkdirSync(scratch);
  let connection: CdpConnection;
  try {
    connection = await launchWithPipe(
      executablePath,
      [...CHROMIUM_ARGS, `--user-data-dir=${join(own, 'profile')}`],
      timeoutMs,
      { ...process.env, TMPDIR: scratch },
    );
  } catch (error) {
    rmSync(own, { recursive: true, force: true });
    throw new PdfUnavailableError(`Chromium could not be started (${executablePath})`, { cause: error });
  }
  const gone = connection.exited.then(() =>
    // the browser's helpers may still be writing into it for a moment
    rm(own, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {}),
  );
  return { connection, gone };
}

/**
 * Asks the browser to close, kills it if it has not gone within a few seconds, and
 * resolves once its directory is removed too.
 */
export async function closeBrowser(browser: ChromiumProcess, timeoutMs: number): Promise<void> {
  const { connection } = browser;
  if (!connection.closed) {
    void connection.send('Browser.close').catch(() => {});
    const exited = await withinDeadline(
      connection.exited.then(() => true),
      Math.min(timeoutMs, 5_000),
      () => false,
    );
    if (!exited) {
      connection.process.kill('SIGKILL');
      await connection.exited;
    }
  }
  await browser.gone;
}
