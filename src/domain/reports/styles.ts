/** One static weight of the report font, as a data URL (data:font/woff2;base64,…). */
export interface ReportFont {
  weight: number;
  dataUrl: string;
}

/**
 * The report's stylesheet: a calm, readable page on screen and A4 sheets in print. The
 * fonts (Inter in static weights 400–700) are embedded by the caller as data URLs so that
 * the page makes no request; only those weights are used, so no weight is synthesised.
 * DejaVu Sans is the fallback for glyphs such as subscripts.
 */
/**
 * Inter for Latin text; DejaVu Sans for symbols Inter lacks (subscripts, arrows); Noto
 * Sans CJK and Noto Color Emoji (Debian fonts-noto-cjk, fonts-noto-color-emoji, installed
 * by .ci/run) for an address in Chinese, Japanese or Korean script or with an emoji, so
 * that no label prints as empty boxes. Chromium embeds the glyphs it uses in the PDF.
 */
export const FONT_STACK =
  "'Inter','DejaVu Sans','Noto Sans CJK SC','Noto Color Emoji','Helvetica Neue',Arial,sans-serif";

/** A theme's accent colour: its section's, card's and daily-life paragraph's (CSS classes named after its id). */
export interface ThemeAccent {
  id: string;
  colour: string;
}

export function reportCss(options: {
  fonts?: readonly ReportFont[];
  footer: string;
  accents: readonly ThemeAccent[];
}): string {
  const fontFace = (options.fonts ?? [])
    .map(
      (font) =>
        `@font-face{font-family:'Inter';font-style:normal;font-weight:${font.weight};font-display:block;src:url(${font.dataUrl}) format('woff2');}`,
    )
    .join('\n');
  // a CSS string; '<' is escaped so that no text can close the <style> element
  const footer = JSON.stringify(options.footer).replace(/</g, '\\3c ');
  const accented = (selector: string, separator: string) =>
    options.accents.map(({ id }) => `${selector}.${id}{--accent:var(--${id})}`).join(separator);
  const accentColours = options.accents.map(({ id, colour }) => `;--${id}:${colour}`).join('');
  return `${fontFace}
:root{--ink:#1f2d3d;--muted:#5d6c7b;--line:#e3e8ee;--paper:#ffffff;--bg:#eef2f6${accentColours}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font-family:${FONT_STACK};font-size:15px;line-height:1.5}
.num,.big,.stat b,.kv,svg.chart{font-variant-numeric:tabular-nums}
.page{max-width:880px;margin:24px auto;background:var(--paper);padding:40px 48px;border-radius:10px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
header.cover{border-bottom:3px solid var(--ink);padding-bottom:14px;margin-bottom:18px}
.brand{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:var(--muted);font-weight:600}
h1{font-size:28px;line-height:1.15;margin:6px 0 2px;font-weight:700;letter-spacing:-.01em}
.subtitle{color:var(--muted);margin:0 0 14px}
.address{font-size:20px;font-weight:600;margin:0 0 12px;overflow-wrap:anywhere}
dl.facts{display:grid;grid-template-columns:max-content 1fr max-content 1fr;gap:3px 14px;margin:0;font-size:13px}
.cover-body.with-map{display:grid;grid-template-columns:minmax(0,1fr) 310px;gap:18px;align-items:start}
.cover-body.with-map dl.facts{grid-template-columns:max-content minmax(0,1fr)}
figure.site{margin:0}
figure.site figcaption{font-size:12px;margin-bottom:4px}
svg.site-map{display:block;width:100%;height:auto;border:1px solid var(--line);border-radius:6px;font-family:inherit}
.map-legend{font-size:10.5px;gap:1px 9px;margin-top:4px}
.site-key{margin-top:10px}
.map-caption{font-size:11px;color:var(--muted);margin:0;line-height:1.35}
.swatch-outline{background:transparent;border:1.6px solid var(--ink);border-radius:1px}
.swatch-street{background:#fff;border:1px solid #b8b2a6;height:4px;align-self:center}
.swatch-point{background:#c8102e;border:2px solid #fff;outline:1.5px solid var(--ink);border-radius:50%;width:10px;height:10px}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0}
h2{font-size:22px;margin:0 0 10px;font-weight:700;display:flex;align-items:center;gap:10px}
h2::before{content:'';display:inline-block;width:6px;height:24px;border-radius:3px;background:var(--accent,var(--ink))}
h3{font-size:15px;margin:18px 0 6px;font-weight:600}
p{margin:0 0 8px;orphans:3;widows:3}
.muted{color:var(--muted)}
section{margin:0 0 20px}
section.theme,section.method-section{margin-top:36px;padding-top:26px;border-top:1px solid var(--line)}
.note{background:#f6f8fb;border-left:4px solid var(--muted);border-radius:6px;padding:8px 12px;margin:12px 0 0;font-size:13px}
.scale-key{display:flex;flex-wrap:wrap;align-items:center;gap:3px 7px;font-size:11.5px;color:var(--muted);margin:0}
.scale-key .chip{font-size:11px;padding:0 7px}
${accented('section', '\n')}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(226px,1fr));gap:14px;margin:10px 0 8px}
.card{border:1px solid var(--line);border-top:4px solid var(--accent);border-radius:8px;padding:10px 14px;break-inside:avoid}
${accented('.card', '')}
.card .card-title{margin:0 0 6px;font-size:14px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.figures{margin:0}
.figures div{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 8px}
/* a card keeps its score and its chip on one line whatever the label (issue #49: the chip
   wrapped under the score in some cards only); a label too long for the card is cut, never moved */
.card .figures div,.scorebox div{flex-wrap:nowrap;gap:0 6px}
.card .figures .chip,.scorebox .chip{font-size:11.5px;padding:1px 7px}
.card .figures .big{font-size:20px}
.card .figures dt,.card .figures dd{font-size:12px}
.card .figures dd:last-child,.scorebox dd:last-child{min-width:0;overflow:hidden}
.card .figures .chip,.scorebox .chip{max-width:100%;overflow:hidden;text-overflow:ellipsis;vertical-align:bottom}
.figures dt{font-size:13px;color:var(--muted)}
.figures dd{margin:0;font-size:13px;color:var(--muted)}
.figures .big{font-size:22px;color:var(--ink)}
.scorebox{border:1px solid var(--line);border-radius:8px;padding:10px 12px}
ul.classes{list-style:none;padding:0;margin:8px 0 0;font-size:12.5px;display:grid;gap:2px}
ul.classes li{display:flex;align-items:baseline;gap:8px}
ul.classes .swatch{flex:none;transform:translateY(1px)}
.big{font-size:28px;font-weight:700;line-height:1.1}
.big small{font-size:14px;color:var(--muted);font-weight:500}
.gauge{display:block;width:100%;height:8px;margin:6px 0 8px}
.chip{display:inline-block;white-space:nowrap;padding:1px 9px;border-radius:999px;font-size:12.5px;font-weight:600;border:1px solid rgba(0,0,0,.08)}
.card p{font-size:13px;margin:6px 0 0}
.card .card-title{margin:0 0 6px}
.headline{display:grid;grid-template-columns:228px 1fr;gap:18px;align-items:start;margin:8px 0 6px}
.kv{font-size:13px;color:var(--muted)}
.unit,.chip{white-space:nowrap;overflow-wrap:normal}
svg.chart.chart-compact{display:none}
.rating-line{color:var(--muted)}
.sampling-note{font-size:12px;margin:0 0 6px}
figure{margin:12px 0 14px;break-inside:avoid}
figcaption{font-size:13px;font-weight:600;margin-bottom:6px}
svg.chart{display:block;width:100%;height:auto;font-family:inherit}
svg.chart-stacked{height:34px;border-radius:6px;overflow:hidden}
ul.legend{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12.5px}
ul.legend li{display:flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:12px;height:12px;border-radius:3px;border:1px solid rgba(0,0,0,.1)}
table{border-collapse:collapse;width:100%;font-size:13.5px;margin:6px 0 10px;break-inside:avoid}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line)}
th{font-weight:600;color:var(--muted);font-size:12.5px}
td.num,th.num{text-align:right;white-space:nowrap}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:18px}
.stats{display:grid;grid-template-columns:repeat(4,1fr);gap:8px 16px;margin:8px 0 12px}
.stat{border-left:3px solid var(--accent);padding:2px 0 2px 10px;break-inside:avoid}
.stat b{display:block;font-size:19px}
.stat span{font-size:12.5px;color:var(--muted)}
.life{background:#f6f8fb;border-radius:8px;padding:8px 14px;border-left:4px solid var(--accent);break-inside:avoid;margin:0 0 10px}
.life-title{display:inline;margin-right:4px}
${accented('.life', '')}
.life p:last-child{margin-bottom:0}
.warning{background:#fff4e5;border-left:4px solid #d97706;padding:8px 12px;border-radius:6px;font-size:13.5px}
.method{font-size:13px;color:var(--muted)}
.method li{margin:0 0 4px}
footer{border-top:1px solid var(--line);margin-top:24px;padding-top:10px;font-size:12px;color:var(--muted)}
@media screen and (max-width:700px){svg.chart.chart-wide{display:none}svg.chart.chart-compact{display:block}.page{padding:22px 18px;margin:0;border-radius:0}.cover-body.with-map figure.site{order:-1}dl.facts{grid-template-columns:max-content minmax(0,1fr)}.cover-body.with-map,.cards,.grid2,.headline,.stats{grid-template-columns:minmax(0,1fr)}th,td{padding:5px 4px}td.num,th.num{white-space:normal}}
@media screen and (max-width:420px){body{font-size:14px}.page{padding:16px 12px}h1{font-size:24px}h2{font-size:19px}dl.facts{grid-template-columns:minmax(0,1fr)}dl.facts dd{margin-bottom:4px}table{font-size:12px;table-layout:fixed}th,td{padding:4px 3px;overflow-wrap:anywhere;hyphens:auto}.stats{grid-template-columns:1fr 1fr}}
.page,section,figure,td,th,dd,p,li{overflow-wrap:break-word}
@page{size:A4;margin:14mm 14mm 16mm;@bottom-left{content:${footer};font-size:8pt;color:#5d6c7b;font-family:'DejaVu Sans',sans-serif}@bottom-right{content:counter(page) ' / ' counter(pages);font-size:8pt;color:#5d6c7b;font-family:'DejaVu Sans',sans-serif}}
@media print{
body{background:#fff;font-size:9.5pt}
.page{max-width:none;margin:0;padding:0;box-shadow:none;border-radius:0}
section.theme,section.method-section{break-before:page;margin-top:0;padding-top:0;border-top:0}
h2,h3,figcaption{break-after:avoid}
header.cover{padding-bottom:8px;margin-bottom:10px}
.subtitle{margin-bottom:8px}.address{margin-bottom:8px}
section{margin-bottom:10px}
h2{font-size:18px;margin-bottom:6px}
.cards{margin:6px 0;gap:10px}
.card{padding:8px 12px}
.figures .big{font-size:19px}
.life{padding:5px 12px;margin-bottom:6px}
.life p{font-size:9pt;margin-bottom:3px}
th,td{padding:3px 8px}
ul.classes{font-size:8.5pt;margin-top:5px}
.note{margin-top:6px;padding:6px 10px;font-size:8.5pt}
/* the first page holds the cover, the cards and the daily-life paragraphs: tight enough
   that the last paragraph never spills onto a page of its own (issue #49, a nationwide
   French report printed six pages) */
dl.facts{font-size:9pt;row-gap:2px}
.glance>p.muted{font-size:8.5pt;margin:2px 0 4px}
.site-key{margin-top:6px}
.cover .note{padding:5px 9px;font-size:8pt}
header.cover{margin-bottom:8px}
.cards{margin:4px 0;grid-template-columns:repeat(auto-fit,minmax(180px,1fr))}
.glance h2,.daily h2{margin-bottom:4px}
.stats{margin:4px 0 8px}
h3{margin:12px 0 4px}
footer{display:none}
.card,.stat,.life,figure,table,.headline{break-inside:avoid}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}`;
}
