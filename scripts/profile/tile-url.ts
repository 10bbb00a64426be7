import { tileAt } from '../../src/domain/map/mercator.ts';

/** A signed z15 tile path over central Brussels (the realtime air layer), as a map client finds it. */
export async function signedTilePath(origin: string, secret: string): Promise<string> {
  const catalog = (await (
    await fetch(`${origin}/v1/map/brussels`, { headers: { 'x-api-key': secret } })
  ).json()) as {
    realtime: { layers: Record<string, { tilejson: string }> };
  };
  const link = Object.values(catalog.realtime.layers)[0]!.tilejson;
  const tilejson = (await (await fetch(`${origin}${link}`)).json()) as { tiles: string[] };
  const centre = tileAt(4.3575, 50.8467, 15);
  return tilejson.tiles[0]!.replace('{z}/{x}/{y}', `15/${centre.x}/${centre.y}`);
}
