import type { Migration } from 'kysely';
import * as core from './001_core.ts';
import * as gazetteer from './002_gazetteer.ts';
import * as reports from './003_reports.ts';
import * as reportMetrics from './004_report_metrics.ts';
import * as cityPackages from './005_city_packages.ts';
import * as jobContext from './006_job_context.ts';
import * as feeds from './007_feeds.ts';
import * as referenceYears from './008_reference_years.ts';
import * as alerts from './009_alerts.ts';
import * as feedSites from './010_feed_sites.ts';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_core': core,
  '002_gazetteer': gazetteer,
  '003_reports': reports,
  '004_report_metrics': reportMetrics,
  '005_city_packages': cityPackages,
  '006_job_context': jobContext,
  '007_feeds': feeds,
  '008_reference_years': referenceYears,
  '009_alerts': alerts,
  '010_feed_sites': feedSites,
};
