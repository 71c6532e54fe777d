/**
 * The HTML of the page (served at `/`): the fleet overview, and one driver's week view. No inline script or
 * style: everything comes from `assets/` so the page runs under `default-src 'self'` (see ./index.ts,
 * WEB_CONTENT_SECURITY_POLICY). Asset and API URLs are relative, so the page also works behind a path prefix.
 */

import { ACTIVITY_NAMES } from '../vocabulary/activity-words.js';
import { dateFieldHtml } from './client/date-field.js';

/** Every mark the week chart and the 4-week timeline draw, with its swatch class. */
export const LEGEND: [string, string][] = [
  ['seg seg-driving', ACTIVITY_NAMES.DRIVING],
  ['seg seg-work', ACTIVITY_NAMES.WORK],
  ['seg seg-availability', ACTIVITY_NAMES.AVAILABILITY],
  ['seg seg-rest', ACTIVITY_NAMES.REST],
  ['seg seg-unknown', ACTIVITY_NAMES.UNKNOWN],
  ['seg seg-work manual', 'Manual entry (outlined)'],
  ['seg seg-driving crew', 'Crew (striped top)'],
  ['mark finding status-violation', 'Pre-check finding'],
  ['mark finding status-incomplete_data', 'Finding with incomplete data'],
  ['mark gap', 'Data gap'],
  ['annotation-band', 'Time the office annotated (leave, rest, …)'],
  ['day no-record', 'Day without any record'],
  ['day conflict', 'Day the imports disagree about'],
  ['mark highlight-swatch', 'Period you chose to show'],
];

const legendItems = LEGEND.map(
  ([cls, label]) => `<li><span class="swatch ${cls}" aria-hidden="true"></span>${label}</li>`,
).join('');

const FLEET = `
<section id="fleet" class="fleet-section" aria-labelledby="fleet-title">
  <section id="today" class="today-section" aria-labelledby="today-title">
    <h2 id="today-title">Today</h2>
    <div id="today-counts" aria-live="polite"></div>
  </section>
  <h2 id="fleet-title">Fleet</h2>
  <ul id="fleet-summary" class="counts" aria-label="Counts"></ul>
  <form id="fleet-form" class="controls fleet-filters" role="search">
    <div class="field"><label for="fleet-q">Find driver or card</label><input id="fleet-q" type="search" autocomplete="off"></div>
    <div class="field"><label for="fleet-filter">Show</label>
      <select id="fleet-filter"><option value="all">All drivers</option><option value="overdue">Download overdue</option><option value="expiring">Card expiring within 30 days</option><option value="due_week">Download due within 7 days</option><option value="expired">Card expired</option><option value="expiring_30d">Card expiring within 30 days (not expired)</option><option value="open_findings">Open findings (last 4 weeks)</option><option value="conflicting">Imports disagree</option><option value="readiness">Days missing for a roadside check</option></select>
    </div>
  </form>
  <p id="fleet-note" class="heading-note" hidden>This service has no fleet list yet: drivers are listed from their imports, without due dates.</p>
  <p id="fleet-list-title" class="heading-note" hidden></p>
  <div id="fleet-table" class="fleet-wrap" tabindex="-1"></div>
  <nav id="fleet-pager" class="pager" aria-label="Pages of the fleet list" hidden>
    <button id="fleet-prev" type="button">&#8249; Previous page</button>
    <span id="fleet-range" class="pager-range" aria-live="polite"></span>
    <button id="fleet-next" type="button">Next page &#8250;</button>
  </nav>
  <p class="hint">Downloads are due 28 days after the last one (Regulation (EU) No 165/2014, Commission Regulation (EU) No 581/2010). Sort by a column header.</p>
</section>`;

const WEEK = `
<section id="week-view" class="week-section" aria-label="Week view">
  <p class="back"><a id="fleet-link" href="./">&#8249; All drivers</a> <a id="report-link" class="report" href="report">Printable report</a></p>
  <section class="controls" aria-label="Week">
    <div class="field"><label for="week">ISO week</label><input id="week" type="week" required></div>
    <div class="week-nav" role="group" aria-label="Week navigation">
      <button id="prev-week" type="button" aria-label="Previous week">&#8249; Previous</button>
      <button id="this-week" type="button">This week</button>
      <button id="next-week" type="button" aria-label="Next week">Next &#8250;</button>
    </div>
    <div class="field reading"><label for="unknown-as">Time without card data</label><select id="unknown-as">
      <option value="gap">a gap to explain (default)</option>
      <option value="unknown">unknown: incomplete data</option>
      <option value="rest">rest, up to 5 days</option></select>
      <span class="cell-note">how the checks read it; findings that depend on it are marked</span></div>
  </section>
  <form id="basis-form" class="controls basis" aria-label="Data basis">
    <div class="field basis-import"><label for="basis-import">Data basis</label><select id="basis-import"></select></div>
    <div class="field"><label for="basis-from">Pre-check from</label><input id="basis-from" ${dateFieldHtml()}></div>
    <div class="field"><label for="basis-to">to</label><input id="basis-to" ${dateFieldHtml()}></div>
    <div class="basis-buttons"><button id="basis-apply" type="submit">Apply dates</button><button id="basis-reset" type="button">Whole card</button></div>
  </form>
  <section class="timeline-section" aria-labelledby="timeline-title">
    <h2 id="timeline-title">Last 4 weeks</h2>
    <div id="timeline" class="timeline"></div>
  </section>
  <section class="chart-section" aria-labelledby="chart-title">
    <h2 id="chart-title" tabindex="-1">Week</h2>
    <ul class="legend" aria-label="Legend">${legendItems}</ul>
    <div id="chart" class="chart" role="group" aria-label="Week chart"></div>
    <p class="hint">Tab reaches each day; arrow keys move between periods and days.</p>
  </section>
  <section class="totals-section" aria-label="Totals">
    <div id="week-summary"></div>
    <div id="totals" class="totals-wrap"></div>
  </section>
  <section class="tabs-section" aria-label="Records of the week">
    <div id="tab-list" class="tab-list" role="tablist" aria-label="Records of the week"></div>
    <div id="tab-panel" class="tab-panel" role="tabpanel" tabindex="0"></div>
  </section>
  <section id="driver-status" class="driver-status" aria-label="Driver status"></section>
  <section class="findings-section" aria-labelledby="findings-title">
    <h2 id="findings-title">EU 561/2006 pre-check</h2>
    <p id="rule-week-note" class="hint" hidden></p>
    <div id="findings"></div>
  </section>
  <section class="homes-section" aria-labelledby="homes-title">
    <h2 id="homes-title">Home countries</h2>
    <p class="hint">The Mobility Package rules of the pre-check (return home every four weeks, two reduced weekly rests in a row) need the Member State of the employer's establishment and the driver's country of residence.</p>
    <div id="home-countries"></div>
  </section>
  <section class="imports-section" aria-labelledby="imports-title">
    <h2 id="imports-title">Imports of this card and their authenticity</h2>
    <div id="imports-of-card"></div>
  </section>
</section>`;

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Driver cards</title>
<link rel="icon" href="assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/app.css">
<script type="module" src="assets/app.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="top">
  <h1>Driver cards</h1>
  <p class="sub">Fleet, downloads and week view; <span id="zone-name">times in UTC</span></p>
  <form id="zone-form" class="zone-form"><label for="tz">Time zone</label> <input id="tz" list="tz-list" autocomplete="off" spellcheck="false" size="18"><datalist id="tz-list"></datalist></form>
</header>
<main id="main" data-view="loading" data-mode="fleet" aria-busy="true" tabindex="-1">
  <section class="controls top-controls" aria-label="Driver and import">
    <div class="field driver-field">
      <label for="driver">Driver</label>
      <select id="driver"><option value="">Loading drivers…</option></select>
    </div>
    <div id="drop-zone" class="field import-field drop-zone">
      <label for="import-file">Import files (.ddd) — choose or drop several</label>
      <input id="import-file" type="file" accept=".ddd" multiple>
    </div>
  </section>
  <p id="import-summary" class="import-summary" role="status" aria-live="polite"></p>
  <ol id="import-list" class="import-list" hidden></ol>
  <p id="status" class="status" role="status" aria-live="polite">Loading…</p>
  <div id="problem" class="problem" hidden></div>
  ${FLEET}
  ${WEEK}
</main>
<div id="tooltip" class="tooltip" role="tooltip" hidden></div>
</body>
</html>
`;
