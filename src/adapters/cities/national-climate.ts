import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  type NationalClimate,
  type NationalClimateFile,
  nationalClimate,
  nationalClimateErrors,
} from '../../domain/coverage/national-climate.ts';

/** the descriptor shipped with the service */
export const NATIONAL_CLIMATE_PATH = new URL(
  '../../../data/national/climate.json',
  import.meta.url,
).pathname.replace('/dist/', '/');

/**
 * Reads the national climate descriptor (data/national/climate.json, docs/cities.md) and
 * the weather file it names, for the composition root to hand to the model. A descriptor
 * that does not validate stops the start with the reasons.
 */
export function loadNationalClimate(path = NATIONAL_CLIMATE_PATH): NationalClimate {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const errors = nationalClimateErrors(value);
  if (errors.length > 0) throw new Error(`${path}: ${errors.join('; ')}`);
  const file = value as NationalClimateFile;
  return nationalClimate(file, readFileSync(resolve(dirname(path), file.reference_weather), 'utf8'));
}
