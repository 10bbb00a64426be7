import type { Config } from '../../config.ts';
import type { Geocoder } from '../../services/geocoder-port.ts';
import type { OpenedDatabase } from '../store/database.ts';
import { createGazetteer, ensureCityAddressesLoaded, ensureGazetteerSeeded } from './gazetteer.ts';
import { createPhotonGeocoder } from './photon.ts';

/** The geocoder the configuration names: the embedded gazetteer (seeded if needed) or Photon. */
export async function openConfiguredGeocoder(
  settings: Config['geocoder'],
  opened: OpenedDatabase,
): Promise<Geocoder> {
  if (settings.kind === 'photon')
    return createPhotonGeocoder({ url: settings.url, timeoutMs: settings.timeoutMs });
  await ensureGazetteerSeeded(opened);
  await ensureCityAddressesLoaded(opened);
  return createGazetteer(opened);
}
