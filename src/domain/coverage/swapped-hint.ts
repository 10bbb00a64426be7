/**
 * Belgium lies at latitudes 49.5 to 51.5 and longitudes 2.5 to 6.5. A point whose
 * latitude and longitude fall in each other's band was almost surely given swapped:
 * the refusal then says so, with the corrected pair.
 */
export function swappedCoordinatesHint(lat: number, lon: number): string {
  const swapped = lat >= 2.5 && lat <= 6.5 && lon >= 49.5 && lon <= 51.5;
  return swapped ? ` lat and lon look swapped: did you mean lat=${lon}&lon=${lat}?` : '';
}
