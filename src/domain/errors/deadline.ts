/**
 * `work`'s outcome, or what `onLate` returns (or throws) once `ms` have passed without one.
 * The work itself goes on; the timer goes as soon as either side settles, so a deadline
 * never keeps the process alive or fires after the answer. Every bounded wait of the
 * service (model calls, prints, a browser's exit, start-up) is this one race.
 */
export async function withinDeadline<T, Late = never>(
  work: Promise<T>,
  ms: number,
  onLate: () => Late,
): Promise<T | Late> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Late>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onLate());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
