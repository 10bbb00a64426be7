import { classifyPoint } from '../domain/coverage/classify.ts';
import type { CityRegistry } from '../domain/coverage/registry.ts';
import type { AddressUnderstanding } from './geocoder-port.ts';

/**
 * The `detail` of an address no geocoder result matches (spec: still `422
 * outside_coverage`, general rule 9): inside a covered city, a street the gazetteer does
 * not know is not "not covered", so the detail says that no address matched there, what
 * was understood of the text, and how to give coordinates instead.
 */
const COORDINATES_INSTEAD =
  'Check the street name and number, or give the location as coordinates instead: lat and lon in place of address.';

export function unresolvedAddressDetail(
  registry: CityRegistry,
  address: string,
  understood: AddressUnderstanding | null,
): string {
  if (!understood)
    return `No place matching '${address}' was found in the service area. ${COORDINATES_INSTEAD}`;
  const { municipality } = understood;
  let where = 'in the service area';
  if (municipality) {
    const coverage = classifyPoint(registry, municipality.lat, municipality.lon);
    where =
      coverage.covered === 'high_res' || coverage.covered === 'high_res_in_development'
        ? `in ${municipality.name} (${coverage.city.name}, a covered city)`
        : `in ${municipality.name}`;
  }
  const parts = [
    understood.street ? `street '${understood.street}'` : 'no street',
    understood.number ? `number ${understood.number}` : 'no house number',
    ...(understood.postcode ? [`postcode ${understood.postcode}`] : []),
    municipality ? `municipality ${municipality.name}` : 'no municipality',
  ];
  return `No address matching '${address}' was found ${where}; understood ${parts.join(', ')}. ${COORDINATES_INSTEAD}`;
}
