import type { AlertRecord, MetricAlerts } from '../metric-module.ts';
import { windComfortClass } from './comfort-class.ts';

const numberAt = (record: AlertRecord, name: string): number | null => {
  const value = record[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

function classOf(record: AlertRecord): number | null {
  const ucomfort = numberAt(record, 'ucomfort');
  const ugust = numberAt(record, 'ugust');
  if (ucomfort === null || ugust === null) return null;
  return windComfortClass(ucomfort, ugust);
}

/** The wind fields of alert conditions: comfort and gust speeds (m/s) and the comfort class (1–5). */
export const WIND_ALERTS: MetricAlerts = {
  fields: [
    {
      name: 'ucomfort',
      label: {
        en: 'the wind on foot',
        fr: 'le vent au niveau du piéton',
        nl: 'de wind op voetgangershoogte',
      },
      unit: 'm/s',
      min: 0,
      max: 80,
      read: (r) => numberAt(r, 'ucomfort'),
    },
    {
      name: 'ugust',
      label: {
        en: 'the gust on foot',
        fr: 'la rafale au niveau du piéton',
        nl: 'de windstoot op voetgangershoogte',
      },
      unit: 'm/s',
      min: 0,
      max: 80,
      read: (r) => numberAt(r, 'ugust'),
    },
    {
      name: 'wind_class',
      label: { en: 'the wind comfort class', fr: 'la classe de confort au vent', nl: 'de windcomfortklasse' },
      unit: 'class',
      min: 1,
      max: 5,
      read: classOf,
    },
  ],
  // classes 1 and 2 suit sitting and strolling (wind-comfort-standard)
  goodOutside(record) {
    const windClass = classOf(record);
    return windClass === null ? null : windClass <= 2;
  },
};
