import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/**
 * Opening an operator's file for an import without ever blocking or reading what is not
 * a file: opened non-blocking (a FIFO would wait for a writer forever), then checked with
 * fstat on the open descriptor (no window for a swap between check and read). Failures
 * are `rule: what is wrong; how to fix it`, and never quote the file's content.
 */
export type Opened = { ok: true; handle: FileHandle; size: number } | { ok: false; failed: string };
export type ReadText = { ok: true; text: string } | { ok: false; failed: string };

export interface FileBounds {
  maxBytes: number;
  /** the fix for a file over maxBytes */
  tooLarge: string;
  followLinks: boolean;
}

export async function openRegularFile(path: string, bounds: FileBounds): Promise<Opened> {
  const { maxBytes, tooLarge } = bounds;
  let handle: FileHandle;
  try {
    const flags = constants.O_RDONLY | constants.O_NONBLOCK | (bounds.followLinks ? 0 : constants.O_NOFOLLOW);
    handle = await open(path, flags);
  } catch (error) {
    return { ok: false, failed: openFailure((error as NodeJS.ErrnoException).code) };
  }
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    return {
      ok: false,
      failed: `file-regular: it is ${kind(stat)}, not a regular file; put the file itself in its place`,
    };
  }
  if (stat.size > maxBytes) {
    await handle.close();
    return {
      ok: false,
      failed: `file-size: the file is ${bytes(stat.size)}, more than the ${bytes(maxBytes)} allowed; ${tooLarge}`,
    };
  }
  return { ok: true, handle, size: stat.size };
}

/** a regular file's text, UTF-8 as RFC 7946 and EPW readers expect */
export async function readRegularText(path: string, bounds: FileBounds): Promise<ReadText> {
  const opened = await openRegularFile(path, bounds);
  if (!opened.ok) return opened;
  const { maxBytes } = bounds;
  try {
    const buffer = await opened.handle.readFile();
    if (buffer.length > maxBytes)
      return { ok: false, failed: `file-size: the file grew past ${bytes(maxBytes)} while it was read` };
    try {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(buffer) };
    } catch {
      return { ok: false, failed: 'file-encoding: the file is not UTF-8 text; save it as UTF-8' };
    }
  } finally {
    await opened.handle.close();
  }
}

function openFailure(code: string | undefined): string {
  if (code === 'ENOENT') return 'file-required: the file does not exist; check the path';
  if (code === 'ELOOP') return 'file-link: the file is a symbolic link; put the file itself in its place';
  if (code === 'EACCES' || code === 'EPERM')
    return 'file-readable: permission denied; make the file readable by the user running the import';
  return `file-readable: the file cannot be opened (${code ?? 'unknown error'}); check the path and the disk`;
}

function kind(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a file';
}

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KiB`;
  return `${n} bytes`;
}
