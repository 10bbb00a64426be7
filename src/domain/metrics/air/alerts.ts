import type { AlertLabel, AlertRecord, MetricAlerts } from '../metric-module.ts';
import { BELAQI_CODE_BASE, belaqiCode } from './belaqi.ts';

const numberAt = (record: AlertRecord, name: string): number | null => {
  const value = record[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** the hour's BelAQI class from the record's three pollutants; null when none is a reading */
function belaqiOf(record: AlertRecord): number | null {
  const code = belaqiCode(
    numberAt(record, 'c') ?? Number.NaN,
    numberAt(record, 'c_pm25') ?? Number.NaN,
    numberAt(record, 'c_pm10') ?? Number.NaN,
  );
  return code === 0 ? null : Math.floor(code / BELAQI_CODE_BASE);
}

const concentration = (name: string, recordField: string, label: AlertLabel) => ({
  name,
  label,
  unit: 'µg/m³',
  min: 0,
  max: 2000,
  read: (record: AlertRecord) => numberAt(record, recordField),
});

/** The air fields of alert conditions: the BelAQI class (1–10) and each pollutant's concentration. */
export const AIR_ALERTS: MetricAlerts = {
  fields: [
    {
      name: 'belaqi',
      label: { en: 'the BelAQI index', fr: "l'indice BelAQI", nl: 'de BelAQI-index' },
      unit: 'class',
      min: 1,
      max: 10,
      read: belaqiOf,
    },
    concentration('no2', 'c', { en: 'NO₂', fr: 'la concentration de NO₂', nl: 'NO₂' }),
    concentration('pm25', 'c_pm25', { en: 'PM2.5', fr: 'la concentration de PM2,5', nl: 'PM2,5' }),
    concentration('pm10', 'c_pm10', { en: 'PM10', fr: 'la concentration de PM10', nl: 'PM10' }),
    concentration('o3', 'c_o3', { en: 'ozone', fr: "la concentration d'ozone", nl: 'ozon' }),
  ],
  // the spec's good air: BelAQI 1 to 4
  goodOutside(record) {
    const belaqi = belaqiOf(record);
    return belaqi === null ? null : belaqi <= 4;
  },
};
