import type { ReplayHandler } from './feed-replay.ts';

/** CAMS PM2.5 of a smog episode (the fed series says 9.5) */
export const SMOG_PM25 = 180;

/**
 * CAMS NO2 of the clean days. The fed series says 40 µg/m³, which in a street cell reads
 * 35–50 depending on the hours the 48 h ahead cover (a weekday rush hour or a weekend):
 * across the BelAQI 7 bound (45), so a test of a crossing would start on its edge.
 */
export const CLEAN_NO2 = 20;

/**
 * The fed CAMS answer with PM2.5 and PM10 raised to a smog episode while `smog()` says
 * so, and NO2 at a clean day's level while it does not: what the alert tests switch to
 * make a forecast cross a threshold, and back.
 */
export function smogAirQuality(fed: ReplayHandler, smog: () => boolean): ReplayHandler {
  return (request) => {
    const answer = fed(request);
    const body = JSON.parse(String(answer.body));
    const episode = smog();
    for (const location of Array.isArray(body) ? body : [body]) {
      const hourly = location.hourly;
      if (episode) {
        hourly.pm2_5 = hourly.pm2_5.map(() => SMOG_PM25);
        hourly.pm10 = hourly.pm10.map(() => SMOG_PM25 * 1.5);
      } else {
        hourly.nitrogen_dioxide = hourly.nitrogen_dioxide.map((v: number | null) =>
          v === null ? null : CLEAN_NO2,
        );
      }
    }
    return { body: JSON.stringify(body) };
  };
}
