/**
 * The one polling helper of the tests: calls `probe` every `intervalMs` until it answers
 * something other than `undefined` or `false`, and returns that answer. Past `timeoutMs`
 * it fails, naming `what` and the last answer seen, so a slow machine gives a clear
 * message rather than a hang.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<Exclude<T, undefined | false>> {
  const { timeoutMs = 10_000, intervalMs = 50, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined && answer !== false) return answer as Exclude<T, undefined | false>;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(answer)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
