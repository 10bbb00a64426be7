import { constants, mkdtempSync, rmSync } from 'node:fs';
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

/** Rejects with the renderer's own error when there is no browser to launch at `executablePath`. */
export async function checkBrowserExecutable(executablePath: string): Promise<void> {
  try {
    await access(executablePath, constants.X_OK);
  } catch (error) {
    throw new PdfUnavailableError(`Chromium could not be started (${executablePath})`, { cause: error });
  }
}

/**
 * Starts a browser with a fresh, empty profile of its own, removed once the browser has
 * exited; rejects with PdfUnavailableError when it cannot start.
 */
export async function launchChromium(executablePath: string, timeoutMs: number): Promise<CdpConnection> {
  const profile = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
  let connection: CdpConnection;
  try {
    connection = await launchWithPipe(
      executablePath,
      [...CHROMIUM_ARGS, `--user-data-dir=${profile}`],
      timeoutMs,
    );
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new PdfUnavailableError(`Chromium could not be started (${executablePath})`, { cause: error });
  }
  void connection.exited.then(() =>
    // the browser's helpers may still be writing into it for a moment
    rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => {}),
  );
  return connection;
}

/** asks the browser to close, and kills it if it has not gone within a few seconds */
export async function closeBrowser(connection: CdpConnection, timeoutMs: number): Promise<void> {
  if (connection.closed) return;
  void connection.send('Browser.close').catch(() => {});
  const gone = await withinDeadline(
    connection.exited.then(() => true),
    Math.min(timeoutMs, 5_000),
    () => false,
  );
  if (!gone) {
    connection.process.kill('SIGKILL');
    await connection.exited;
  }
}
