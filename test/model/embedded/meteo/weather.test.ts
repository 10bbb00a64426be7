import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadNationalClimate } from '../../../../src/adapters/cities/national-climate.ts';
import { domainClimate } from '../../../../src/model/embedded/meteo/domain-climate.ts';
import { forecastWeather } from '../../../../src/model/embedded/meteo/forecast.ts';
import { observedWeather, type Weather } from '../../../../src/model/embedded/meteo/weather.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';

const HOUR = 3_600_000;
const LAT = 50.85;
const LON = 4.36;
/** the climate the service runs in (data/national/climate.json) */
const CLIMATE = domainClimate(loadNationalClimate());
const year: Weather[] = [];
const start = Date.UTC(2025, 0, 1);
for (let h = 0; h < 8760; h++) year.push(observedWeather(MODEL_SEED, start + h * HOUR, LAT, LON, CLIMATE));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const monthOf = (h: number) => new Date(start + h * HOUR).getUTCMonth();

describe('reference-year meteorology (Uccle climate)', () => {
  test('has an annual mean temperature of 10.5–11.2 °C', () => {
    const t = mean(year.map((w) => w.taC));
    assert.ok(t >= 10.5 && t <= 11.2, `mean ${t}`);
  });

  test('has a mean 10 m wind near Uccle’s 3.23 m/s and rare storms', () => {
    const u = mean(year.map((w) => w.wind10Ms));
    assert.ok(u > 3.0 && u < 3.5, `mean wind ${u}`);
    const above8 = year.filter((w) => w.wind10Ms > 8).length / year.length;
    assert.ok(above8 > 0.02 && above8 < 0.07, `share above 8 m/s ${above8}`);
  });

  test('sums global radiation to about 965 kWh/m² (900–1050)', () => {
    const kwh = year.reduce((a, w) => a + w.ghiWm2, 0) / 1000;
    assert.ok(kwh > 900 && kwh < 1050, `${kwh} kWh/m²`);
  });

  test('is warmest in July–August and coldest in December–February', () => {
    const byMonth = Array.from({ length: 12 }, (_, m) =>
      mean(year.filter((_, h) => monthOf(h) === m).map((w) => w.taC)),
    );
    const summer = (byMonth[6]! + byMonth[7]!) / 2;
    const winter = (byMonth[11]! + byMonth[0]! + byMonth[1]!) / 3;
    assert.ok(summer - winter > 11 && summer - winter < 18, `summer ${summer} winter ${winter}`);
  });

  test('peaks in the afternoon and bottoms out around dawn', () => {
    const at = (utcHour: number) => mean(year.filter((_, h) => h % 24 === utcHour).map((w) => w.taC));
    assert.ok(at(13) - at(4) > 4, `13h ${at(13)} 04h ${at(4)}`);
  });

  test('persists from hour to hour', () => {
    let jump = 0;
    for (let h = 1; h < year.length; h++) jump += Math.abs(year[h]!.taC - year[h - 1]!.taC);
    assert.ok(jump / (year.length - 1) < 1.2, `mean hourly change ${jump / (year.length - 1)}`);
  });

  test('has a heat wave (≥ 30 °C) and frost nights', () => {
    assert.ok(Math.max(...year.map((w) => w.taC)) >= 30);
    assert.ok(Math.min(...year.map((w) => w.taC)) < -2);
  });

  test('blows mostly from the west and south-west', () => {
    const westerly = year.filter((w) => w.windDirDeg >= 202.5 && w.windDirDeg < 292.5).length / year.length;
    assert.ok(westerly > 0.45 && westerly < 0.7, `W+SW share ${westerly}`);
  });

  test('is the same in any process: a pure function of seed and hour', () => {
    const again = observedWeather(MODEL_SEED, start + 4321 * HOUR, LAT, LON, CLIMATE);
    assert.deepEqual(again, year[4321]);
  });
});

describe('forecast drift', () => {
  test('drifts from the later observation, more with lead time', () => {
    let near = 0;
    let far = 0;
    let n = 0;
    for (let k = 0; k < 120; k++) {
      const issued = Date.UTC(2025, 2, 1) + k * 61 * HOUR;
      const at1 = issued + HOUR;
      const at48 = issued + 48 * HOUR;
      near += Math.abs(
        forecastWeather(MODEL_SEED, at1, issued, LAT, LON, CLIMATE).taC -
          observedWeather(MODEL_SEED, at1, LAT, LON, CLIMATE).taC,
      );
      far += Math.abs(
        forecastWeather(MODEL_SEED, at48, issued, LAT, LON, CLIMATE).taC -
          observedWeather(MODEL_SEED, at48, LAT, LON, CLIMATE).taC,
      );
      n++;
    }
    assert.ok(near / n > 0.1 && near / n < 1, `+1 h error ${near / n}`);
    assert.ok(far / n > 2 * (near / n), `+48 h error ${far / n} vs +1 h ${near / n}`);
  });
});
