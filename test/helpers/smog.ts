import type { ReplayHandler } from './feed-replay.ts';

/** CAMS PM2.5 of a smog episode (the fed series says 9.5) */
export const SMOG_PM25 = 180;

/**
 * The fed CAMS answer with PM2.5 and PM10 raised to a smog episode while `smog()` says
 * so: what the alert tests switch to make a forecast cross a threshold, and back.
 */
export function smogAirQuality(fed: ReplayHandler, smog: () => boolean): ReplayHandler {
  return (request) => {
    const answer = fed(request);
    if (!smog()) return answer;
    const body = JSON.parse(String(answer.body));
    for (const location of Array.isArray(body) ? body : [body]) {
      location.hourly.pm2_5 = location.hourly.pm2_5.map(() => SMOG_PM25);
      location.hourly.pm10 = location.hourly.pm10.map(() => SMOG_PM25 * 1.5);
    }
    return { body: JSON.stringify(body) };
  };
}
