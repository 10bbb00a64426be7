import { counterclockwise } from '../../coverage/city-package/geometry.ts';
import { utciClass } from '../../metrics/thermal/utci-class.ts';
import type { Formatter } from '../format.ts';
import { escapeHtml, html, raw, type SafeHtml } from '../html.ts';
import type { Translator } from '../i18n/index.ts';
import { UTCI_CLASSES, utciColor } from '../palette.ts';
import { streetsSvg } from './streets.ts';
import type { SiteMap } from './types.ts';

/**
 * The report's location map as inline SVG (no tiles, no request, prints crisply): the
 * data layer's cells coloured on the UTCI scale, the buildings over them, the cells the
 * figures come from outlined (or the averaging radius), the point itself, a north arrow
 * and a scale bar. North is up; the plane is metres around the point.
 */
const WIDTH = 320;
const INK = '#1f2d3d';
const BUILDING = '#59636e';
const PAPER = '#f3f1ec';

function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** a subpath drawing the rectangle at (x, y), clockwise on screen */
function rectangle(x: number, y: number, width: number, height: number): string {
  return `M${n(x)} ${n(y)}h${n(width)}v${n(height)}h${n(-width)}z`;
}

/** a closed subpath through the points */
function polygon(points: ReadonlyArray<readonly [number, number]>): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}z`;
}

/** a round length of about a quarter of the map's width: 50 m, 100 m, 1 km… */
export function scaleBarLength(widthM: number): number {
  const target = widthM / 4;
  const steps = [10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];
  return steps.reduce((best, step) => (Math.abs(step - target) < Math.abs(best - target) ? step : best));
}

/** the smallest averaging circle, in px, that still has room for its cells' outlines */
const MIN_OUTLINED_RADIUS_PX = 16;

/**
 * Whether the sampled cells are outlined. Around a radius of a few pixels (10 m on a
 * 400 m wide map) their outlines, the circle and the point merged into a knot over the
 * address (issue #39): there the dashed circle alone shows what was averaged, and the
 * cover says how many cells. Cells away from the point (nearest outdoor) are always drawn.
 */
export function outlinesSampledCells(map: SiteMap): boolean {
  if (map.sampling !== 'radius' || map.radiusM === undefined) return true;
  return map.radiusM * (WIDTH / 2 / map.halfWidthM) >= MIN_OUTLINED_RADIUS_PX;
}

export function siteMapSvg(map: SiteMap, tr: Translator, f: Formatter): SafeHtml {
  const scale = WIDTH / 2 / map.halfWidthM; // px per metre
  const height = Math.round(map.halfHeightM * 2 * scale);
  const px = ([x, y]: readonly [number, number]): [number, number] => [
    WIDTH / 2 + x * scale,
    height / 2 - y * scale,
  ];
  const out: string[] = [`<rect width="${WIDTH}" height="${height}" fill="${PAPER}"/>`];

  const cw = map.cellWidthM * scale;
  const ch = map.cellHeightM * scale;
  // Each layer is drawn as one path per colour, a subpath per cell or building: a print
  // lays out and writes a handful of paths instead of ~900 elements (a fifth of a print,
  // docs/history/performance-2026-11-28.md, "Reports"), and the page looks the same.
  const cellsByColor = new Map<string, string[]>();
  for (const cell of map.cells) {
    if (!Number.isFinite(cell.value)) continue;
    const [cx, cy] = px([cell.x, cell.y]);
    const color = utciColor(cell.value);
    const subpaths = cellsByColor.get(color) ?? [];
    // a hair wider than the cell so that no seam shows between neighbours
    subpaths.push(rectangle(cx - cw / 2, cy - ch / 2, cw + 0.4, ch + 0.4));
    cellsByColor.set(color, subpaths);
  }
  // one translucent group of opaque cells: overlapping edges do not darken into a grid
  out.push('<g opacity="0.55">');
  for (const [color, subpaths] of cellsByColor) out.push(`<path d="${subpaths.join('')}" fill="${color}"/>`);
  out.push('</g>');
  const barPx = scaleBarLength(map.halfWidthM * 2) * scale;
  const streets = streetsSvg(
    map.streets ?? [],
    px,
    {
      width: WIDTH,
      height,
      keepClear: [
        { at: [WIDTH / 2, height / 2], radius: 12 },
        { at: [WIDTH - 18, 21], radius: 22 },
        { at: [11 + barPx / 2, height - 16], radius: barPx / 2 + 8 },
      ],
    },
    tr.lang,
  );
  out.push(streets.lines);
  if (map.buildings.length > 0) {
    // all turning one way (counterclockwise, as on the map): under the nonzero rule of one
    // shared path, two overlapping rings of opposite turn would cut a hole
    const footprints = map.buildings.map((ring) => polygon(counterclockwise(ring).map(px)));
    out.push(
      `<path class="buildings" d="${footprints.join('')}" fill="${BUILDING}" stroke="#ffffff" stroke-width="0.6"/>`,
    );
  }
  if (map.sampling === 'radius' && map.radiusM !== undefined) {
    out.push(
      `<circle cx="${n(WIDTH / 2)}" cy="${n(height / 2)}" r="${n(map.radiusM * scale)}" fill="none" stroke="${INK}" stroke-width="1.4" stroke-dasharray="3 2"/>`,
    );
  }
  if (map.sampled.length > 0 && outlinesSampledCells(map)) {
    const outlines = map.sampled.map((centre) => {
      const [cx, cy] = px(centre);
      return rectangle(cx - cw / 2, cy - ch / 2, cw, ch);
    });
    out.push(
      `<path class="sampled" d="${outlines.join('')}" fill="none" stroke="${INK}" stroke-width="1.6"/>`,
    );
  }
  out.push(streets.names);
  // the point: a white ring around a dark dot reads on any colour
  out.push(
    `<circle cx="${n(WIDTH / 2)}" cy="${n(height / 2)}" r="5.5" fill="#ffffff" stroke="${INK}" stroke-width="1.5"/>`,
    `<circle cx="${n(WIDTH / 2)}" cy="${n(height / 2)}" r="2.5" fill="#c8102e"/>`,
  );

  // north arrow, top right
  const ax = WIDTH - 18;
  out.push(
    `<g><rect x="${ax - 11}" y="4" width="22" height="34" rx="4" fill="#ffffff" fill-opacity="0.9"/>`,
    `<path d="M${ax} 9 L${ax + 6} 24 L${ax} 20 L${ax - 6} 24 Z" fill="${INK}"/>`,
    `<text x="${ax}" y="35" text-anchor="middle" font-size="10" font-weight="700" fill="${INK}">${escapeHtml(tr.t('mapNorth'))}</text></g>`,
  );

  // scale bar, bottom left
  const barM = scaleBarLength(map.halfWidthM * 2);
  const by = height - 10;
  const barLabel = barM >= 1000 ? f.measure(barM / 1000, 0, 'km') : f.measure(barM, 0, 'm');
  out.push(
    `<g><rect x="4" y="${by - 17}" width="${n(barPx + 14)}" height="23" rx="4" fill="#ffffff" fill-opacity="0.9"/>`,
    `<path d="M11 ${by - 4} V${by} H${n(11 + barPx)} V${by - 4}" fill="none" stroke="${INK}" stroke-width="1.5"/>`,
    `<text x="11" y="${by - 6}" font-size="10" fill="${INK}">${escapeHtml(barLabel)}</text></g>`,
  );

  const label = tr.t('mapAlt');
  return html`<svg class="site-map" viewBox="0 0 ${String(WIDTH)} ${String(height)}" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">${raw(out.join(''))}</svg>`;
}

/** the legend under the map: the UTCI classes the map shows, buildings, sampled cells, the point */
export function siteMapLegend(map: SiteMap, tr: Translator): SafeHtml {
  const present = new Set<number>();
  for (const cell of map.cells) {
    const value = Number.isFinite(cell.value) ? utciClass(cell.value) : null;
    if (value !== null) present.add(value);
  }
  const classes = UTCI_CLASSES.filter((entry) => present.has(entry.value));
  return html`<ul class="legend map-legend">
    ${classes.map(
      (entry) =>
        html`<li><span class="swatch" style="background:${entry.color};opacity:.7"></span>${tr.label(entry.label)}</li>`,
    )}
    ${map.hasBuildings ? html`<li><span class="swatch" style="background:${BUILDING}"></span>${tr.t('mapBuildings')}</li>` : ''}
    ${map.streets && map.streets.length > 0 ? html`<li><span class="swatch swatch-street"></span>${tr.t('mapStreets')}</li>` : ''}
    <li><span class="swatch swatch-outline"></span>${tr.t(map.sampling !== 'radius' ? 'mapSampled' : outlinesSampledCells(map) ? 'mapSampledRadius' : 'mapRadius')}</li>
    <li><span class="swatch swatch-point"></span>${tr.t('mapPoint')}</li>
  </ul>`;
}
