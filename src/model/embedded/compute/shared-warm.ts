import type { DomainId } from '../../../domain/grid/model-data.ts';
import type { HourTable } from '../physics/hour-state.ts';
import type { Background } from './background.ts';

/**
 * What warming a domain computes (its reference-year hour table and its background
 * fields), moved into shared memory so that one compute thread computes it and every
 * other thread adopts it: start-up costs one thread's work instead of every thread's
 * (both cores were busy doing the same 1.6 s of arithmetic), and the arrays exist once
 * per process instead of once per thread (docs/performance.md, "Memory").
 */
export interface WarmTransfer {
  domain: DomainId;
  /** the morphology revision it was computed for: a re-imported city never adopts stale fields */
  revision: string;
  /** HourTables' key of the reference year */
  yearKey: string;
  year: HourTable;
  background: Background;
}

type Typed = Float32Array | Float64Array | Int32Array;

function shared<T extends Typed>(array: T): T {
  const Constructor = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Constructor(new SharedArrayBuffer(array.byteLength));
  copy.set(array as never);
  return copy;
}

/** the same table with every array in shared memory (the fields are read-only once built) */
export function sharedTable(table: HourTable): HourTable {
  const copy = { ...table };
  for (const [name, value] of Object.entries(table)) {
    if (ArrayBuffer.isView(value)) (copy as Record<string, unknown>)[name] = shared(value as Typed);
  }
  return copy;
}

export function sharedBackground(background: Background): Background {
  return {
    regional: shared(background.regional),
    urban: shared(background.urban),
    exposureScale: shared(background.exposureScale),
    maritime: shared(background.maritime),
    nationalCell: background.nationalCell && shared(background.nationalCell),
  };
}
