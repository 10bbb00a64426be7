import type { MetricAlerts } from '../metric-module.ts';

/** UTCI between these bounds is "no thermal stress" (thermal-utci) */
const NO_STRESS = { fromC: 9, toC: 26 };

/** The thermal field of alert conditions: UTCI (°C). */
export const THERMAL_ALERTS: MetricAlerts = {
  fields: [
    {
      name: 'utci',
      label: {
        en: 'the felt temperature (UTCI)',
        fr: 'la température ressentie (UTCI)',
        nl: 'de gevoelstemperatuur (UTCI)',
      },
      unit: '°C',
      min: -80,
      max: 80,
      read: (record) => {
        const value = record.utci;
        return typeof value === 'number' && Number.isFinite(value) ? value : null;
      },
    },
  ],
  goodOutside(record) {
    const value = record.utci;
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    return value >= NO_STRESS.fromC && value <= NO_STRESS.toC;
  },
};
