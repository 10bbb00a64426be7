import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * The Chrome DevTools Protocol over `--remote-debugging-pipe`: the browser reads commands
 * on its fd 3 and writes answers and events on its fd 4, each a JSON text ended by a NUL.
 * A pipe rather than a debugging port, so that no other process on the machine can drive
 * the browser. This is all the PDF thread needs of a browser driver (a launch, fifteen
 * commands, two events); playwright-core, which it replaces, held ~85 MB in the thread.
 */
export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };

/** what the browser writes: an answer to a command (id) or an event (method) */
interface CdpMessage {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
}

export class CdpClosedError extends Error {
  constructor(message = 'the browser has gone') {
    super(message);
    this.name = 'CdpClosedError';
  }
}

export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(event: CdpEvent) => void>();
  private closedWith: Error | null = null;
  private buffered: Buffer[] = [];
  /** resolves once the browser process has exited */
  readonly exited: Promise<void>;

  constructor(
    readonly process: ChildProcess,
    private readonly input: Writable,
    output: Readable,
  ) {
    output.on('data', (chunk: Buffer) => this.receive(chunk));
    // a pipe broken by a browser that has just died: the exit below reports it
    input.on('error', () => {});
    output.on('error', () => {});
    this.exited = new Promise((resolve) => {
      process.once('exit', () => {
        this.fail(new CdpClosedError());
        resolve();
      });
    });
  }

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** one command; rejects with the protocol's error message, or when the browser goes */
  send<Result = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Result> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const message = JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params });
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.input.write(`${message}\0`);
    });
  }

  /** every event of the browser and its sessions; returns the unsubscription */
  onEvent(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.buffered.push(chunk.subarray(start, end));
      const text = Buffer.concat(this.buffered).toString('utf8');
      this.buffered = [];
      start = end + 1;
      let message: CdpMessage;
      try {
        message = JSON.parse(text) as CdpMessage;
      } catch {
        // a browser that writes garbage cannot be trusted with the next print either
        this.fail(new CdpClosedError('the browser wrote something that is not the DevTools protocol'));
        this.process.kill('SIGKILL');
        return;
      }
      this.dispatch(message);
    }
    if (start < chunk.length) this.buffered.push(chunk.subarray(start));
  }

  private dispatch(message: CdpMessage): void {
    if (typeof message.id === 'number') {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${message.error.message} (${message.error.code})`));
      else waiting.resolve(message.result ?? {});
      return;
    }
    const event: CdpEvent = { method: message.method ?? '', params: message.params ?? {} };
    if (message.sessionId) event.sessionId = message.sessionId;
    for (const listener of this.listeners) listener(event);
  }

  private fail(error: Error): void {
    if (this.closedWith) return;
    this.closedWith = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * Starts the browser with the pipe open and waits for it to answer; rejects when it
 * cannot start (no such executable, or no answer within `timeoutMs`).
 */
export async function launchWithPipe(
  executablePath: string,
  args: readonly string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CdpConnection> {
  const child = spawn(executablePath, [...args, '--remote-debugging-pipe'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    env,
  });
  const connection = new CdpConnection(child, child.stdio[3] as Writable, child.stdio[4] as Readable);
  const failedToStart = new Promise<never>((_, reject) => {
    child.once('error', reject);
    connection.exited.then(() => reject(new CdpClosedError('the browser exited at start')));
  });
  // once started, a later exit is the connection's to report, not this start's
  failedToStart.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([connection.send('Browser.getVersion'), failedToStart, tooSlow]);
    return connection;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
