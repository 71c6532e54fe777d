/**
 * The HTML of the week view (served at `/`). No inline script or style: everything comes from
 * `assets/` so the page runs under `default-src 'self'` (see ./index.ts, WEB_CONTENT_SECURITY_POLICY).
 * Asset and API URLs are relative, so the page also works behind a path prefix.
 */

const LEGEND: [string, string][] = [
  ['seg seg-driving', 'Driving'],
  ['seg seg-work', 'Work'],
  ['seg seg-availability', 'Availability'],
  ['seg seg-rest', 'Rest'],
  ['seg seg-unknown', 'Unknown (card not inserted)'],
  ['seg seg-work manual', 'Manual entry (outlined)'],
  ['seg seg-driving crew', 'Crew (striped top)'],
  ['mark finding status-violation', 'Pre-check finding'],
  ['mark gap', 'Data gap'],
];

const legendItems = LEGEND.map(
  ([cls, label]) => `<li><span class="swatch ${cls}" aria-hidden="true"></span>${label}</li>`,
).join('');

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Driver card week view</title>
<link rel="icon" href="assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/app.css">
<script type="module" src="assets/app.js"></script>
</head>
<body>
<a class="skip" href="#chart-title">Skip to the week chart</a>
<header class="top">
  <h1>Driver card week view</h1>
  <p class="sub">Activities per ISO week, all times UTC</p>
</header>
<main id="main" data-view="loading" aria-busy="true">
  <section class="controls" aria-label="Selection">
    <div class="field driver-field">
      <label for="driver">Driver</label>
      <select id="driver"><option value="">Loading drivers…</option></select>
    </div>
    <div class="field">
      <label for="week">ISO week</label>
      <input id="week" type="week" required>
    </div>
    <div class="week-nav" role="group" aria-label="Week navigation">
      <button id="prev-week" type="button" aria-label="Previous week">&#8249; Previous</button>
      <button id="this-week" type="button">This week</button>
      <button id="next-week" type="button" aria-label="Next week">Next &#8250;</button>
    </div>
    <div class="field import-field">
      <label for="import-file">Import file (.ddd)</label>
      <input id="import-file" type="file" accept=".ddd">
    </div>
  </section>
  <p id="import-result" class="import-result" role="status" aria-live="polite" hidden></p>
  <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
  <section class="chart-section" aria-labelledby="chart-title">
    <h2 id="chart-title" tabindex="-1">Week</h2>
    <ul class="legend" aria-label="Legend">${legendItems}</ul>
    <div id="chart" class="chart" role="group" aria-label="Week chart"></div>
    <p class="hint">Tab reaches each day; arrow keys move between periods and days.</p>
  </section>
  <section class="totals-section" aria-label="Totals">
    <div id="totals" class="totals-wrap"></div>
  </section>
  <section class="findings-section" aria-labelledby="findings-title">
    <h2 id="findings-title">EU 561/2006 pre-check</h2>
    <div id="findings"></div>
  </section>
</main>
<div id="tooltip" class="tooltip" role="tooltip" hidden></div>
</body>
</html>
`;
