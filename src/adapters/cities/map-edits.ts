import { readFile } from 'node:fs/promises';

/**
 * Changes to the streets since the extract was taken (docs/cities.md, "What changed
 * since 2013"): an old extract is what we can share under its licence, but a street
 * closed to traffic since then must not keep emitting in the model.
 */
export interface RoadEdit {
  change: string;
  /** roads whose OSM `name` starts with one of these */
  name_starts_with: string[];
  /** and, when given, whose `highway` is one of these */
  highway?: string[];
  set: Record<string, string>;
  since: number;
  source: string;
}

export interface MapEdits {
  roads: RoadEdit[];
}

export interface RoadEditOutcome {
  change: string;
  roads: number;
}

export function parseMapEdits(value: unknown, where: string): MapEdits {
  const roads = (value as { roads?: unknown })?.roads;
  if (!Array.isArray(roads)) throw new Error(`${where}: expected { "roads": [ … ] }`);
  roads.forEach((edit: Partial<RoadEdit>, k) => {
    const strings = (list: unknown) =>
      Array.isArray(list) && list.length > 0 && list.every((s) => typeof s === 'string');
    const ok =
      typeof edit.change === 'string' &&
      strings(edit.name_starts_with) &&
      (edit.highway === undefined || strings(edit.highway)) &&
      typeof edit.set === 'object' &&
      edit.set !== null &&
      Object.values(edit.set).every((v) => typeof v === 'string') &&
      Number.isInteger(edit.since) &&
      typeof edit.source === 'string' &&
      edit.source.length > 0;
    if (!ok)
      throw new Error(
        `${where}: road edit ${k} needs change, name_starts_with (names), set (tags), since (a year) and a source`,
      );
  });
  return { roads: roads as RoadEdit[] };
}

export async function readMapEdits(path: string): Promise<MapEdits> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`--edits ${path}: ${(error as Error).message}`);
  }
  return parseMapEdits(parsed, `--edits ${path}`);
}

/** Applies each edit to the roads it matches and counts them; an edit that matches none is refused (a typo, or a renamed street). */
export function applyRoadEdits(
  roads: ReadonlyArray<{ properties: Record<string, unknown> }>,
  edits: readonly RoadEdit[],
): RoadEditOutcome[] {
  return edits.map((edit) => {
    let count = 0;
    for (const road of roads) {
      const name = road.properties.name;
      if (typeof name !== 'string' || !edit.name_starts_with.some((prefix) => name.startsWith(prefix)))
        continue;
      if (edit.highway && !edit.highway.includes(String(road.properties.highway))) continue;
      Object.assign(road.properties, edit.set);
      count++;
    }
    if (count === 0)
      throw new Error(
        `--edits: "${edit.change}" matches no road (names starting ${edit.name_starts_with.join(', ')})`,
      );
    return { change: edit.change, roads: count };
  });
}
