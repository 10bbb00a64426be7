/**
 * Settings every test-started service gets so that a loaded machine changes how long a test
 * takes, not what it sees. In production a cold annual statistic that misses
 * COMPUTE_DEADLINE_MS (25 s) answers 504 `upstream_timeout` and is served on a retry; a
 * two-core CI machine running two suites side by side was seen to need longer than that for
 * a first nationwide computation. Tests of the deadline itself set their own.
 */
export const BUSY_MACHINE_ENV: Readonly<Record<string, string>> = {
  COMPUTE_DEADLINE_MS: '240000',
};

/**
 * How long a test waits for a server it started to answer its health check: only a guard
 * against a start that hangs. Beside four busy loops on top of other suites (load ~25 on two
 * cores) two instances were not healthy after 120 s and then were; a start that hangs
 * still fails, five minutes in.
 */
export const SERVER_START_GUARD_MS = 300_000;
