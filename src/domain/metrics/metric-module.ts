/**
 * One metric of the service (wind comfort, air quality, thermal comfort…) as one value:
 * everything the generic code needs to know about it, kept in its own folder
 * (domain/metrics/<id>/) and registered once (registry.ts). The scale catalogue, the
 * statistics' blocks and their schema, the statistics threads and the report loop over
 * the registry instead of naming metrics (docs/metrics.md: adding a metric).
 */
import type { Static, TSchema } from 'typebox';
import type { CellColumn, Physics } from '../grid/model-output.ts';
import type { MetricMapLayer } from '../map/layer-descriptor.ts';
import type { SafeHtml } from '../reports/html.ts';
import type { ReportContext } from '../reports/sections/context.ts';
import type { Scale, View } from '../scales/types.ts';
import type { LocalCalendar } from '../stats/local-time.ts';
import type { StatsInput } from '../stats/types.ts';

/** The metric's block of the historical statistics (GET /historical/stats). */
export interface MetricBlock<Schema extends TSchema, Columns, Reference> {
  /** the block's schema: its fragment of the statistics resource, under the metric's id; with a 0–10 `score` (the report's headline) */
  readonly schema: Schema;
  /** the columns of a sampled cell (the model's series) the block reads */
  readonly columns: readonly (keyof Columns & string)[];
  /** the block over a location's sampled cells, compared with its reference when it has one; null without data */
  compute(input: StatsInput<Columns>, reference?: Reference): Static<Schema> | null;
  /** how its reference is found over a domain, when it has one */
  readonly reference?: MetricReferenceRule<Static<Schema>, Reference>;
  /**
   * what it costs a statistics thread, in milliseconds of a cell-year timed in-process
   * (docs/performance.md, "Cold historical statistics"): a fixed part and a part per cell;
   * the statistics threads share a location's blocks out by it (adapters/threads/statistics-plan.ts)
   */
  readonly cost: { readonly ms: number; readonly msPerCell: number };
  /** how its cells can be split over threads, when they can */
  readonly tally?: BlockTally<Columns, Reference, Static<Schema>>;
}

/**
 * A block computed from tallies of a location's cells: tallies of disjoint groups of cells
 * merge into exactly the tallies of all of them, so that threads can each tally a group
 * and the block be made from the merged tallies, as one thread would make it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the tallies' type is the module's own; the pool only carries them
export interface BlockTally<Columns, Reference, Block, Tallies = any> {
  /** the tallies of `cells` over `hourCount` hours */
  of(cells: readonly Columns[], hourCount: number): Tallies;
  /** the tallies of several disjoint groups of a location's cells, as one */
  merge(parts: readonly Tallies[]): Tallies;
  /** the block from the tallies of all of a location's cells; null without data */
  block(
    hours: Float64Array,
    tallies: Tallies,
    reference: Reference | undefined,
    calendar: LocalCalendar,
  ): Block | null;
  /** the buffers a thread hands its tallies over in (moved, not copied) */
  transfer(tallies: Tallies): ArrayBuffer[];
}

/**
 * How a metric's reference is found over a domain the metric is modelled in: which cells
 * the statistics engine samples and computes blocks of (services/data/statistics-engine.ts,
 * once per model version and domain), and what of those blocks makes the reference.
 */
export interface MetricReferenceRule<Block, Reference> {
  /**
   * where the domain is sampled: its city's reference points (its package's
   * `air_reference_points`, each at its nearest outdoor cell; a domain without them has no
   * reference), or a lattice of outdoor cells over the area the domain answers for
   */
  readonly sample: 'reference-points' | 'coverage-lattice';
  /** `each-cell`: one block per sampled cell, alone; `all-cells`: one block over all of them */
  readonly blocks: 'each-cell' | 'all-cells';
  /** the reference those blocks make (a cell without data has none); undefined when they make none */
  derive(blocks: readonly (Block | undefined)[]): Reference | undefined;
}

/** A field of the real-time and forecast records (spec: Real-time and forecast record) a metric fills. */
export interface MetricRecordField {
  /** the record's field */
  readonly name: string;
  /** the cell column it is the sampled cells' mean of, hour by hour */
  readonly column: CellColumn;
  /** the decimals it is rounded to */
  readonly decimals: number;
}

/** One forecast record as an alert reads it: the record's fields by name. */
export type AlertRecord = Readonly<Record<string, number | string | undefined>>;

/** A field an alert condition may test (POST /alerts), read from one forecast record. */
/** a name as the events' texts write it, per language (the subscription's `lang`) */
export interface AlertLabel {
  readonly en: string;
  readonly fr: string;
  readonly nl: string;
}

export interface MetricAlertField {
  /** the condition's `field` */
  readonly name: string;
  /** how an event's text names it */
  readonly label: AlertLabel;
  readonly unit: string;
  /** the range a condition's `value` must lie in */
  readonly min: number;
  readonly max: number;
  /** the field's value in a record; null when the record lacks it */
  read(record: AlertRecord): number | null;
}

/** What alerts (POST /alerts, the daily outlook) read of the metric in the forecast records. */
export interface MetricAlerts {
  readonly fields: readonly MetricAlertField[];
  /** whether an hour is a good one to be outside as far as this metric goes; null without data */
  goodOutside(record: AlertRecord): boolean | null;
}

/** What the metric adds to a report, each part in the report's language. */
export interface MetricReport<Block> {
  /** its accent colour: its page's, card's and paragraph's edge and its charts' bars */
  accent: string;
  /**
   * set on the one metric whose map layer the report's location map shows (its first tile
   * property, averaged over summer afternoons: services/reports/site-map.ts)
   */
  coverMap?: true;
  /** the metric's name: its glance card, its daily-life paragraph, its row of the reading table */
  title(context: ReportContext): string;
  /** the glance card's one sentence on the block */
  glance(block: Block, context: ReportContext): string;
  /** the daily-life paragraph after the title (markup allowed) */
  dailyLife(block: Block, context: ReportContext): SafeHtml | string;
  /** the metric's section: its page of figures and charts */
  section(block: Block, context: ReportContext): SafeHtml;
  /** how its numbers were made: the metric's line of the method section */
  method(context: ReportContext): string;
  /** what its rating and its score measure: its row of the reading table */
  reading(context: ReportContext): { rating: string; score: string };
}

export interface MetricModule<
  Id extends string = string,
  Schema extends TSchema = TSchema,
  Columns = unknown,
  Reference = unknown,
> {
  /** the metric's id: its key in the statistics resource, its `metrics` value, its scales' `metric` */
  readonly id: Id;
  /** its views (what to plot from it) and its scales, each in the order the catalogue lists them among its own */
  readonly views: readonly View[];
  readonly scales: readonly Scale[];
  /**
   * the physics the model runs for it (domain/grid/model-output.ts): what its block's
   * columns and its map layer's fields need; a domain that does not model the metric
   * leaves out the dispersion it alone would need
   */
  readonly physics: readonly Physics[];
  /** its map layer, when it has one: the tiles' properties (each a column of the model), labels, units and zoom range (its id is the metric's) */
  readonly mapLayer?: MetricMapLayer;
  readonly block: MetricBlock<Schema, Columns, Reference>;
  /**
   * its fields of the real-time and forecast records, in the record's order: filled when
   * the domain models the metric, left out of the answer to a key that does not hold it
   */
  readonly records?: readonly MetricRecordField[];
  /** its fields of alert conditions and its part of the daily outlook (docs/alerts.md) */
  readonly alerts?: MetricAlerts;
  readonly report: MetricReport<Static<Schema>>;
}

/** A module of any metric, as a registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds modules of different column and reference types
export type AnyMetricModule = MetricModule<string, TSchema, any, any>;

/** The registered metrics, in the order the statistics resource and the report list them. */
export interface MetricRegistry<Modules extends readonly AnyMetricModule[] = readonly AnyMetricModule[]> {
  readonly modules: Modules;
  /** the metrics' ids, in the registry's order */
  readonly ids: readonly Modules[number]['id'][];
  /** the module of a metric id; undefined for an id not registered */
  find(id: string): Modules[number] | undefined;
}

/** The reference a metric's block compares against; never for a metric without one. */
export type ReferenceOf<Module> =
  Module extends MetricModule<string, TSchema, infer _Columns, infer Reference> ? Reference : never;

/** The references of a registry's metrics, each under its metric's id (metrics without one left out). */
export type MetricReferences<Modules extends readonly AnyMetricModule[]> = {
  [Module in Modules[number] as [ReferenceOf<Module>] extends [never]
    ? never
    : Module['id']]?: ReferenceOf<Module>;
};

/** The blocks of the statistics resource a registry describes, each under its metric's id. */
export type MetricBlocks<Modules extends readonly AnyMetricModule[]> = {
  [Module in Modules[number] as Module['id']]?: Static<Module['block']['schema']>;
};
