import { type Browser, chromium } from 'playwright-core';

/**
 * Headless Chromium for the tests that draw maps in a page (Debian's browser, driven by
 * playwright-core). WebGL without a GPU: ANGLE on SwiftShader. Nothing phones home (the
 * machine has no route out). The PDF renderer keeps its own flags
 * (src/adapters/pdf/chromium-browser.ts): it prints without WebGL (--disable-gpu), speaks
 * CDP over a pipe, and is tuned for its first print, none of which a map test wants.
 */
export const WEBGL_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

export function launchWebGlChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: WEBGL_CHROMIUM_ARGS });
}
