import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { TileAddress } from '../../domain/map/mercator.ts';

/** Messages between the basemap thread and the service's side of it. */
export type BasemapTask =
  | { id: number; method: 'tile'; city: string; revision: string; tile: TileAddress; files?: PackageFiles }
  | { id: number; method: 'glyphs'; stack: string; start: number };

export type BasemapReply =
  | { id: number; ok: true; bytes: Uint8Array | null }
  /** `needFiles`: the thread has not read this city revision yet; ask again with its files */
  | { id: number; ok: false; needFiles?: true; error?: string };
