import type { ModelCityDomains } from '../services/city-domains-port.ts';
import type { ModelSeries } from '../services/data/model-series-port.ts';
import type { ModelObservationInput } from '../services/live/model-observations-port.ts';
import type { ModelCatalog } from '../services/map/model-catalog-port.ts';
import type { ModelSampling } from '../services/ports/model-sampling-port.ts';
import type { ModelTiles } from '../services/ports/model-tiles-port.ts';

/**
 * The whole compute back end, as the composition root (start/compose.ts) holds it: every
 * port its callers declare (services/ports/model-domains-port.ts lists them), plus its
 * life cycle, which only the composition root drives. The embedded model
 * (embedded/index.ts) implements it; each service is handed only the ports it calls.
 */
export interface MicroclimateModel
  extends ModelSampling,
    ModelSeries,
    ModelTiles,
    ModelCatalog,
    ModelCityDomains,
    ModelObservationInput {
  /**
   * runs each compute thread's hot code once over (after a start, before the first
   * requests), so that they do not wait for the JIT to compile it; optional
   */
  exercise?(): Promise<void>;
  /** compute threads running out of those configured (readiness); absent for a remote model */
  workers?(): { alive: number; total: number };
  /** tasks handed to the compute workers and not finished yet (metrics); optional */
  pendingTasks?(): number;
  close(): Promise<void>;
}
