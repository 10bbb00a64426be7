/**
 * Belgian public holidays (loi du 4 janvier 1974): New Year, Easter Monday, Labour Day,
 * Ascension, Whit Monday, National Day (21 July), Assumption, All Saints, Armistice,
 * Christmas. Easter by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
 */
function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const cache = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let set = cache.get(year);
  if (set) return set;
  const easter = easterSunday(year);
  const easterMs = Date.UTC(year, easter.month - 1, easter.day);
  const after = (days: number) => {
    const d = new Date(easterMs + days * 86_400_000);
    return `${d.getUTCMonth() + 1}-${d.getUTCDate()}`;
  };
  set = new Set(['1-1', after(1), '5-1', after(39), after(50), '7-21', '8-15', '11-1', '11-11', '12-25']);
  cache.set(year, set);
  return set;
}

/** month 1–12, day 1–31 of the local (Brussels) date */
export function isBelgianPublicHoliday(year: number, month: number, day: number): boolean {
  return holidaysOf(year).has(`${month}-${day}`);
}
