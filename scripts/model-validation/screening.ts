import type { DomainId } from '../../src/domain/grid/model-data.ts';
import type { ScreenedEpwYear } from '../../src/model/embedded/meteo/screened-epw.ts';
import type { Morphology } from '../../src/model/embedded/morphology/morphology.ts';

/**
 * The screening of each domain's weather file (issue #46, docs/model.md "Screened
 * weather"): hours flagged per kind of fault and hours filled, and the longest run.
 */
export function screeningMarkdown(domains: ReadonlyMap<DomainId, Morphology>): string {
  const lines = [
    '',
    '',
    "Screening of the reference years' weather files (`meteo/screened-epw.ts`, `domain/weather-screening`): hours flagged per kind of fault, hours filled, and the longest flagged run (hours from 1 January 00 h local standard time).",
    '',
    '| domain | calm while turning | stuck | impossible | spike | flagged | filled | longest run |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const [id, m] of domains) {
    const epw = m.referenceWeather as ScreenedEpwYear | undefined;
    if (!epw?.screening) continue;
    const s = epw.screening;
    const run = s.runs[0];
    lines.push(
      `| ${id} | ${s.by_kind['calm-while-turning']} | ${s.by_kind.stuck} | ${s.by_kind.impossible} | ${s.by_kind.spike} | ${s.flagged} | ${s.filled} | ${run ? `${run.quantity} ${run.kind}, ${run.length} h from hour ${run.start}` : '—'} |`,
    );
  }
  return lines.join('\n');
}
