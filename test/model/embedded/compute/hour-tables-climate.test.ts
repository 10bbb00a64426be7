import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadNationalClimate } from '../../../../src/adapters/cities/national-climate.ts';
import { packageDomainSpec } from '../../../../src/adapters/cities/package-geometry.ts';
import type { CityPackage } from '../../../../src/domain/coverage/city-package/package.ts';
import { HourTables } from '../../../../src/model/embedded/compute/hour-tables.ts';
import {
  cityClimate,
  type DomainClimate,
  domainClimate,
} from '../../../../src/model/embedded/meteo/domain-climate.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { emissionProfiles } from '../../../../src/model/embedded/physics/emission-profiles.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';

/**
 * A domain's hours run in the climate its morphology carries (the national descriptor's,
 * handed down from data/national/climate.json): its time zone sets the traffic cycle and
 * its normals the temperature the weather is drawn around.
 */
const NATIONAL = domainClimate(loadNationalClimate());

function domain(climate: DomainClimate | undefined): Morphology {
  return {
    info: { id: 'testville', revision: 'test', referenceYear: 2025 },
    centre: { lat: 50.85, lon: 4.35 },
    ...(climate ? { climate } : {}),
  } as unknown as Morphology;
}

/** the traffic NO2 driver and the normal temperature of an hour in a climate */
function hourIn(climate: DomainClimate, hourMs: number) {
  const table = new HourTables(MODEL_SEED).build(domain(climate), [{ hourMs }]);
  return { no2Traffic: table.no2Traffic[0]!, taNormalC: table.taNormalC[0]! };
}

test("the traffic cycle follows the climate's time zone", () => {
  // Wednesday 15 January 2026, 06:00 UTC: 07:00 in Brussels, the rush hour starting; 06:00 in London
  const at = Date.UTC(2026, 0, 15, 6);
  const brussels = hourIn(NATIONAL, at);
  const london = hourIn({ ...NATIONAL, timeZone: 'Europe/London' }, at);
  assert.ok(brussels.no2Traffic > 1.5 * london.no2Traffic, `${brussels.no2Traffic} vs ${london.no2Traffic}`);
});

test("a city's traffic cycle runs on its package's time zone, the nation's when it names none", () => {
  const specIn = (timezone: string) =>
    packageDomainSpec(
      {
        manifest: { id: 'testville', timezone, metrics: ['air'] } as unknown as CityPackage['manifest'],
        boundary: [],
      },
      'test',
      async () => ({}),
    );
  const london = specIn('Europe/London');
  assert.equal(london.timeZone, 'Europe/London');
  const inLondon = cityClimate(NATIONAL, london.timeZone);
  const inBrussels = cityClimate(NATIONAL, specIn('Europe/Brussels').timeZone);
  // same instant, same weather: the traffic drivers differ only by the profile's hour, and
  // London's clock is Brussels' an hour earlier (winter: UTC+0 against UTC+1)
  const day = Date.UTC(2026, 0, 14); // a Wednesday, after a Tuesday
  for (let h = 0; h < 24; h++) {
    const at = day + h * 3_600_000;
    const ratio = hourIn(inLondon, at).no2Traffic / hourIn(inBrussels, at).no2Traffic;
    const expected =
      emissionProfiles(at - 3_600_000, 'Europe/Brussels').traffic /
      emissionProfiles(at, 'Europe/Brussels').traffic;
    assert.ok(Math.abs(ratio / expected - 1) < 1e-5, `${h}:00 UTC: ${ratio} vs ${expected}`);
  }
  // 06:00 UTC: the rush hour under way in Brussels, not yet in London
  assert.ok(
    hourIn(inBrussels, day + 6 * 3_600_000).no2Traffic >
      1.5 * hourIn(inLondon, day + 6 * 3_600_000).no2Traffic,
  );
  assert.equal(cityClimate(NATIONAL, undefined).timeZone, NATIONAL.timeZone);
});

test("the normal temperature is the climate's", () => {
  const at = Date.UTC(2026, 6, 15, 12);
  const warmer = {
    ...NATIONAL,
    monthlyNormals: {
      ...NATIONAL.monthlyNormals,
      meanTempC: NATIONAL.monthlyNormals.meanTempC.map((t) => t + 3),
    },
  };
  assert.ok(Math.abs(hourIn(warmer, at).taNormalC - hourIn(NATIONAL, at).taNormalC - 3) < 1e-4);
});

test('a domain loaded without its climate is refused, not run on a default', () => {
  assert.throws(
    () => new HourTables(MODEL_SEED).build(domain(undefined), [{ hourMs: 0 }]),
    /without its climate/,
  );
});
