import { type LiveInputs, LiveInputsBuilder } from '../../domain/live/live-inputs.ts';
import type { Reading } from '../../domain/live/readings.ts';

/** readings grouped per turn of the event loop */
const GROUP_SLICE = 2_000;

/**
 * Stored readings grouped into the model's input a slice at a time, the event loop
 * turning between (issue #37: a refresh of ~10,000 values never blocks it for 20 ms): the
 * held inputs' refresh and a stored day of history alike.
 */
export async function groupReadings(readings: readonly Reading[]): Promise<LiveInputs> {
  const builder = new LiveInputsBuilder();
  for (let i = 0; i < readings.length; i += GROUP_SLICE) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    builder.add(readings.slice(i, i + GROUP_SLICE));
  }
  return builder.build();
}
