import { roundCoordinate } from '../../domain/coverage/rounding.ts';
import { parseLocationInput } from '../../domain/data/location-input.ts';

export type ResolveAddress = (address: string) => Promise<{ label: string; lat: number; lon: number }>;

export interface ResolvedLocation {
  address: string | null;
  lat: number;
  lon: number;
}

/** The location of a data request: the top geocoding result for an address, or the rounded coordinates. */
export async function resolveLocation(
  query: { address?: string | undefined; lat?: string | undefined; lon?: string | undefined },
  resolveAddress: ResolveAddress,
): Promise<ResolvedLocation> {
  const input = parseLocationInput(query);
  if (input.kind === 'point') return { address: null, lat: input.lat, lon: input.lon };
  const found = await resolveAddress(input.address);
  return { address: found.label, lat: roundCoordinate(found.lat), lon: roundCoordinate(found.lon) };
}
