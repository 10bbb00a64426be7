import type { LiveInputs } from '../../domain/live/live-inputs.ts';
import type { ReferenceYears } from '../../domain/live/reference-year.ts';

/**
 * The model's input for observations (services/live): what the feeds and the backfill
 * hand it. Both members are optional: a back end that takes no live input has neither.
 */
export interface ModelObservationInput {
  /**
   * the feeds' stored values, which observed and forecast hours follow from the next
   * computation on (fed meteorology in place of the generated weather; station
   * measurements and CAMS spread over the grid, docs/live-data.md); live-data.ts calls it
   */
  setLiveInputs?(inputs: LiveInputs): Promise<void>;
  /**
   * backfilled reference years (reference-years.ts, `svc feeds backfill`): a domain listed
   * answers `reference` series, `domain().referenceYear` and the hours of that year from
   * the archive's meteorology and its stations' measurements (background from the
   * stations, the street-level increment from the model, as in the live product); the
   * others keep their package's year. Changes `version`.
   */
  setReferenceYears?(years: ReferenceYears): Promise<void>;
}
