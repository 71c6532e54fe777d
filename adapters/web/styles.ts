/** The page's stylesheet (served at `/assets/app.css`). */

export const STYLES_CSS = `
:root {
  --driving: #c92a2a;
  --work: #1864ab;
  --availability: #e67700;
  --rest: #2b8a3e;
  --unknown: #868e96;
  --finding: #c2255c;
  --gap: #495057;
  --annotated: #5f3dc4;
  --ink: #212529;
  --muted: #5c6570;
  --line: #dee2e6;
  --bg: #f8f9fa;
  --focus: #1c7ed6;
  --label-w: 6.5rem;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif;
  color: var(--ink);
  background: #fff;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; line-height: 1.4; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 0.5rem; top: 0.5rem; background: #fff; padding: 0.25rem 0.5rem; z-index: 10; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.top { padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--line); background: var(--bg); }
.top h1 { margin: 0; font-size: 1.25rem; }
.top .sub { margin: 0; color: var(--muted); font-size: 0.875rem; }
main { padding: 0.75rem 1.25rem 2rem; max-width: 1400px; }
h2 { font-size: 1.1rem; margin: 1rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }

.controls { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end; }
.field { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.875rem; }
.field label { font-weight: 600; }
select, input, button { font: inherit; font-size: 0.9rem; }
select, input[type=week] { padding: 0.3rem 0.4rem; border: 1px solid #adb5bd; border-radius: 4px; background: #fff; min-height: 2.2rem; }
.driver-field select { min-width: 18rem; max-width: 100%; }
.week-nav { display: flex; gap: 0.25rem; }
button { padding: 0.35rem 0.7rem; min-height: 2.2rem; border: 1px solid #adb5bd; border-radius: 4px; background: #fff; color: var(--ink); cursor: pointer; }
button:hover:not(:disabled) { background: #e9ecef; }
button:disabled { color: #adb5bd; cursor: default; }
.import-field input { font-size: 0.85rem; max-width: 100%; }

main[data-mode="fleet"] #week-view, main[data-mode="week"] #fleet { display: none; }
main[data-view="loading"][data-mode="week"] #week-view .chart-section { opacity: 0.6; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.problem { margin: 0.5rem 0; }
.error-box, .conflict-box { border-left: 4px solid #c92a2a; background: #fff5f5; padding: 0.5rem 0.75rem; margin: 0.5rem 0; }
.conflict-box { border-color: #e67700; background: #fff9db; }
.error-box .meta, .conflict-box .meta { color: var(--muted); font-size: 0.85rem; margin: 0.2rem 0; }
code.correlation { font-weight: 700; background: #fff; padding: 0 0.25rem; border: 1px solid var(--line); }
.narrow-list { list-style: none; padding: 0; margin: 0.25rem 0; display: flex; flex-direction: column; gap: 0.3rem; align-items: flex-start; }
button.narrow { text-align: left; }

.counts { list-style: none; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.5rem; padding: 0; margin: 0.25rem 0 0.75rem; }
.count { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 0.75rem; background: var(--bg); display: flex; flex-direction: column; }
.count-value { font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; line-height: 1.1; }
.count-label { font-size: 0.8rem; color: var(--muted); }
.count.alert { border-color: #ffa8a8; background: #fff5f5; }
.count.alert .count-value { color: #c92a2a; }
.today-group { font-size: 0.85rem; margin: 0.5rem 0 0.15rem; color: var(--muted); font-weight: 600; }
.count-link { display: flex; flex-direction: column; color: inherit; text-decoration: none; }
.count-link:hover .count-label, .count-link:focus .count-label { text-decoration: underline; }
.zone-form { margin: 0.25rem 0 0; font-size: 0.8rem; color: var(--muted); }
.fleet-filters { margin-bottom: 0.5rem; }
.fleet-filters input[type=search] { padding: 0.3rem 0.4rem; border: 1px solid #adb5bd; border-radius: 4px; min-height: 2.2rem; min-width: 16rem; }
.fleet-wrap { overflow-x: auto; position: relative; }
.fleet-wrap:focus { outline: none; }
.pager { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0.6rem 0; }
.pager-range { color: var(--muted); font-size: 0.9rem; }
table.fleet { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
table.fleet th, table.fleet td { padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
/* a header may wrap between its words, so the table never scrolls sideways at 1280 px */
table.fleet thead th { border-bottom: 2px solid #adb5bd; font-size: 0.8rem; vertical-align: bottom; }
table.fleet tbody th { font-weight: 600; }
button.sort { border: 0; background: none; padding: 0.1rem 0.2rem; min-height: 0; font-weight: 700; font-size: inherit; text-align: left; }
button.sort .arrow { color: #1864ab; }
/* the sorted column in a darker blue than the focus ring: small text needs 4.5:1 on white (WCAG 2.1 AA) */
th[aria-sort] button.sort { color: #1864ab; }
table.fleet tr[data-urgency="overdue"] { background: #fff5f5; }
.cell-note { display: block; font-size: 0.75rem; color: var(--muted); }
.toggle .cell-note { max-width: 22rem; }
td.has-findings { color: #a51111; font-weight: 600; }
.pill { display: inline-block; font-size: 0.7rem; font-weight: 700; padding: 0 0.35rem; border-radius: 999px; color: #fff; background: #c92a2a; vertical-align: 0.05em; }
.pill-soon { background: #b35c00; }
.auth { display: inline-block; font-size: 0.72rem; font-weight: 700; padding: 0.05rem 0.4rem; border-radius: 3px; border: 1px solid; }
.auth-verified { color: #237032; border-color: #237032; background: #ebfbee; }
.auth-invalid { color: #fff; border-color: #c92a2a; background: #c92a2a; }
.auth-unverifiable, .auth-unsigned { color: #8f5200; border-color: #e67700; background: #fff9db; }
.auth-unknown { color: var(--muted); border-color: var(--line); }
.driver-link { font-weight: 700; }

.drop-zone { border: 2px dashed #adb5bd; border-radius: 6px; padding: 0.35rem 0.6rem; }
.drop-zone.dragging { border-color: var(--focus); background: #e7f5ff; }
.import-summary:empty { display: none; }
.import-summary { margin: 0.4rem 0 0; font-weight: 600; }
.import-summary[data-state="problem"] { color: #a51111; }
.import-list { margin: 0.25rem 0 0.5rem; padding-left: 1.5rem; font-size: 0.85rem; }
.import-item { padding: 0.15rem 0.4rem; border-left: 4px solid var(--line); margin: 0.2rem 0; list-style-position: outside; }
.import-item[data-state="importing"] { border-color: var(--focus); }
.import-item[data-state="ok"] { border-color: var(--rest); background: #ebfbee; }
.import-item[data-state="problem"] { border-color: #e67700; background: #fff4e6; color: #8f3b00; }
.import-item[data-state="error"] { border-color: #c92a2a; background: #fff5f5; color: #a51111; }
.import-item .warnings-list { font-size: 0.8rem; color: var(--muted); }
.import-item .import-problems { margin: 0.25rem 0; padding-left: 1.25rem; }
.import-item .way-forward { font-weight: 600; }
.pill-withdrawn { background: #868e96; }

.back { display: flex; justify-content: space-between; gap: 1rem; margin: 0.25rem 0 0.5rem; }
.back a { font-weight: 600; }
.basis { margin-top: 0.5rem; padding: 0.5rem; background: var(--bg); border-radius: 6px; }
.basis input[type=date], .fleet-filters select { padding: 0.3rem 0.4rem; border: 1px solid #adb5bd; border-radius: 4px; background: #fff; min-height: 2.2rem; }
.basis-import select { max-width: 100%; min-width: 16rem; }
.basis-buttons { display: flex; gap: 0.25rem; }
.toggle label { font-weight: 600; display: flex; gap: 0.4rem; align-items: center; }
.toggle input { width: 1.1rem; height: 1.1rem; }

.timeline { display: flex; flex-direction: column; gap: 0.2rem; }
.tl-row { display: grid; grid-template-columns: var(--label-w) 1fr; align-items: center; }
.tl-week { justify-self: start; font-size: 0.8rem; }
.tl-row.current .tl-week { color: var(--ink); text-decoration: none; }
.tl-row.current .tl-band { box-shadow: 0 0 0 2px var(--focus); }
.tl-band {
  position: relative; height: 1rem; border: 1px solid var(--line); border-radius: 2px; background-color: #fff;
  background-image: linear-gradient(to right, #adb5bd 1px, transparent 1px); background-size: calc(100% / 7) 100%;
}
.tl-seg { position: absolute; bottom: 0; min-width: 1px; }
.tl-seg.seg-driving { height: 100%; } .tl-seg.seg-work { height: 75%; } .tl-seg.seg-availability { height: 55%; } .tl-seg.seg-rest { height: 30%; } .tl-seg.seg-unknown { height: 55%; }
.tl-none, .swatch.day.no-record { position: absolute; top: 0; bottom: 0; background: repeating-linear-gradient(45deg, #dee2e6 0 2px, #fff 2px 6px); }
.tl-conflict { position: absolute; top: -3px; height: 3px; background: #e67700; }
.swatch.day.no-record { position: relative; display: inline-block; border: 1px solid var(--line); }
.swatch.day.conflict { background: repeating-linear-gradient(-45deg, #ffd8a8 0 3px, #fff 3px 6px); border: 2px solid #e67700; }
.swatch.highlight-swatch { border: 2px solid var(--finding); background: rgba(194, 37, 92, 0.12); height: 0.8rem; }
.bar.empty { background-image: repeating-linear-gradient(45deg, #dee2e6 0 2px, #fff 2px 6px); }
.bar.empty .no-data { background: #fff; padding: 0 0.3rem; color: var(--ink); }
.day-row.conflict .bar { outline: 2px solid #e67700; background-image: repeating-linear-gradient(-45deg, #ffd8a8 0 3px, transparent 3px 6px); }
.conflict-note { display: block; font-size: 0.65rem; font-weight: 600; color: #8f3b00; white-space: normal; line-height: 1.1; }

.week-summary { margin: 0.75rem 0 0; }
.week-summary .cell-note { margin-top: 0.1rem; }
.week-summary .muted { color: var(--muted); font-size: 0.85rem; }
.tl-week { white-space: nowrap; }
table.totals tr.no-record td, table.totals tr.no-record th { color: var(--muted); font-style: italic; }
table.totals td.recorded { color: var(--muted); }

.tabs-section { margin-top: 1rem; }
.tab-list { display: flex; gap: 0.25rem; border-bottom: 2px solid var(--line); flex-wrap: wrap; }
.tab { border: 1px solid var(--line); border-bottom: 0; border-radius: 4px 4px 0 0; background: var(--bg); margin-bottom: -2px; }
.tab[aria-selected="true"] { background: #fff; border-color: #adb5bd; border-bottom: 2px solid #fff; font-weight: 700; }
.tab-panel { padding: 0.5rem 0; }
.rows-wrap { overflow-x: auto; position: relative; }
table.rows { border-collapse: collapse; font-size: 0.85rem; width: 100%; }
table.rows caption { text-align: left; font-weight: 600; padding-bottom: 0.3rem; }
table.rows th, table.rows td { padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; }

.driver-status:empty { display: none; }
.status-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.25rem 1rem; margin: 0.25rem 0; }
.status-list div { border-bottom: 1px solid var(--line); padding: 0.2rem 0; }
.status-list dt { font-size: 0.8rem; color: var(--muted); }
.status-list dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.flag { display: inline-block; margin-left: 0.4rem; font-size: 0.72rem; padding: 0 0.35rem; border-radius: 3px; border: 1px dashed #8f5200; color: #8f5200; }
.flag-untrusted { border-style: solid; border-color: #c92a2a; color: #c92a2a; }
.assumption { font-size: 0.85rem; background: #f3f0ff; border-left: 4px solid #7048e8; padding: 0.3rem 0.5rem; }
.imports-list { list-style: none; padding: 0; }
.import-row { padding: 0.4rem 0; border-bottom: 1px solid var(--line); }
.import-row .meta { font-size: 0.8rem; color: var(--muted); }
.auth-more summary { cursor: pointer; font-size: 0.85rem; color: var(--work); }
table.efs { border-collapse: collapse; font-size: 0.8rem; margin: 0.25rem 0; }
table.efs th, table.efs td { padding: 0.15rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; }
.ef-invalid { color: #c92a2a; font-weight: 700; }
.ef-valid { color: #237032; }

.status { min-height: 1.4em; margin: 0.5rem 0; color: var(--muted); }
.status-error { color: #c92a2a; font-weight: 600; }
.status-loading::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; border: 2px solid var(--line); border-top-color: var(--focus); border-radius: 50%; animation: spin 0.8s linear infinite; vertical-align: -0.1em; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .status-loading::before { animation: none; } }

.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; padding: 0; margin: 0 0 0.5rem; font-size: 0.8rem; color: var(--muted); }
.legend li { display: flex; align-items: center; gap: 0.35rem; }
.swatch { display: inline-block; position: relative; width: 1.4rem; height: 0.8rem; border-radius: 2px; }
.legend .swatch.mark { position: relative; top: auto; bottom: auto; height: 0.35rem; }
.legend .swatch.seg { position: relative; bottom: auto; height: 0.8rem; }

.chart { display: flex; flex-direction: column; gap: 0.3rem; }
.axis, .day-row { display: grid; grid-template-columns: var(--label-w) 1fr; align-items: center; }
.axis { height: 1.4rem; position: sticky; top: 0; background: #fff; z-index: 2; }
.axis-label { font-size: 0.75rem; color: var(--muted); }
.axis-track { position: relative; height: 100%; }
.tick { position: absolute; bottom: 0.1rem; transform: translateX(-50%); font-size: 0.7rem; color: var(--muted); font-variant-numeric: tabular-nums; }
.day-row { border-radius: 4px; scroll-margin-top: 2rem; }
.day-row:focus { outline: none; }
.day-row:focus-visible, .day-row.flash { box-shadow: 0 0 0 3px var(--finding); }
.day-label { font-size: 0.85rem; font-weight: 600; white-space: nowrap; }
.short { display: none; }
.bar {
  position: relative; height: 2.6rem; border: 1px solid var(--line); border-radius: 3px;
  background-color: #fff;
  background-image: linear-gradient(to right, var(--line) 1px, transparent 1px);
  background-size: calc(100% / 24) 100%;
}
.bar.empty { background-color: var(--bg); }
.no-data { position: absolute; left: 0.5rem; top: 50%; transform: translateY(-50%); font-size: 0.75rem; color: var(--muted); }
.seg {
  position: absolute; bottom: 0; min-width: 1px; min-height: 0; padding: 0; margin: 0;
  border: 0; border-radius: 0; cursor: default;
}
.seg:hover:not(:disabled) { filter: brightness(1.15); }
.seg:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; z-index: 3; }
.seg-driving { background: var(--driving); height: 100%; }
.seg-work { background: var(--work); height: 75%; }
.seg-availability { background: var(--availability); height: 55%; }
.seg-rest { background: var(--rest); height: 30%; }
.seg-unknown {
  height: 55%;
  background: repeating-linear-gradient(135deg, var(--unknown) 0 3px, #f1f3f5 3px 6px);
}
.seg.manual { box-shadow: inset 0 0 0 2px var(--ink); opacity: 0.75; }
.seg-driving.manual { background: repeating-linear-gradient(45deg, var(--driving) 0 4px, #ffc9c9 4px 6px); }
.seg-work.manual { background: repeating-linear-gradient(45deg, var(--work) 0 4px, #a5d8ff 4px 6px); }
.seg-availability.manual { background: repeating-linear-gradient(45deg, var(--availability) 0 4px, #ffe8cc 4px 6px); }
.seg-rest.manual { background: repeating-linear-gradient(45deg, var(--rest) 0 4px, #b2f2bb 4px 6px); }
.seg.crew::after {
  content: ""; position: absolute; left: 0; right: 0; top: 0; height: 4px;
  background: repeating-linear-gradient(90deg, #fff 0 3px, var(--ink) 3px 6px);
}
.marks { position: absolute; inset: 0; pointer-events: none; z-index: 1; }
.mark { position: absolute; min-width: 2px; }
.mark.finding { top: -1px; height: 4px; background: var(--finding); }
.mark.finding.status-incomplete_data, .swatch.status-incomplete_data { background: #f59f00; }
.mark.gap { bottom: -1px; height: 4px; background: repeating-linear-gradient(90deg, var(--gap) 0 4px, transparent 4px 7px); }
.swatch.mark.finding { background: var(--finding); }
.swatch.mark.finding.status-incomplete_data { background: #f59f00; }
main[data-view="error"][data-mode="week"] :is(.timeline-section, .chart-section, .totals-section, .tabs-section, .driver-status, .findings-section) { display: none; }
.swatch.mark.gap { background: repeating-linear-gradient(90deg, var(--gap) 0 4px, transparent 4px 7px); }
/* time the office annotated: a labelled band over the bar, and unknown segments it covers drawn as explained */
.annotation-band {
  position: absolute; top: 0; height: 100%; min-width: 2px; pointer-events: none; z-index: 1; overflow: hidden;
  border-top: 3px solid var(--annotated); background: rgba(95, 61, 196, 0.12);
  font-size: 0.65rem; line-height: 1; color: var(--annotated); white-space: nowrap; padding: 4px 2px 0;
}
.seg-unknown.seg-annotated { background: repeating-linear-gradient(135deg, var(--annotated) 0 3px, #e5dbff 3px 6px); }
.swatch.annotation-band { position: relative; display: inline-block; padding: 0; }
.review { margin: 0.3rem 0; }
.review summary { cursor: pointer; font-size: 0.85rem; }
.review-form { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; margin: 0.3rem 0; }
.review-form textarea { min-width: 16rem; }
.review-history { font-size: 0.8rem; margin: 0.2rem 0; }
.fleet-report { margin: 0.5rem 0; border: 1px solid #dee2e6; border-radius: 4px; padding: 0.3rem 0.6rem; }
.letter-links { margin-left: 0.5rem; white-space: nowrap; }
/* in the fleet table the two letter links may wrap under each other: the findings column stays narrow enough for
   every column to fit 1280 px */
table.fleet .letter-links { display: block; margin-left: 0; white-space: normal; }
table.fleet .letter-links a { white-space: nowrap; }
.highlight {
  position: absolute; top: -4px; bottom: -4px; min-width: 4px; pointer-events: none; z-index: 2;
  border: 2px solid var(--finding); background: rgba(194, 37, 92, 0.12); border-radius: 3px;
}
.hint { font-size: 0.8rem; color: var(--muted); margin: 0.4rem 0 0; }

.tooltip {
  position: fixed; z-index: 20; max-width: min(22rem, 90vw); pointer-events: none;
  background: var(--ink); color: #fff; padding: 0.3rem 0.5rem; border-radius: 4px; font-size: 0.8rem;
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.25);
}
.tooltip[hidden] { display: none; }

.totals-wrap { overflow-x: auto; position: relative; }
table.totals { border-collapse: collapse; font-size: 0.875rem; font-variant-numeric: tabular-nums; margin-top: 0.75rem; min-width: 32rem; }
table.totals caption { text-align: left; font-weight: 600; padding-bottom: 0.3rem; }
table.totals th, table.totals td { padding: 0.25rem 0.6rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
table.totals th[scope=row] { text-align: left; }
table.totals thead th { border-bottom: 2px solid #adb5bd; }
table.totals tfoot th, table.totals tfoot td { font-weight: 700; border-top: 2px solid #adb5bd; }

.findings-list, .gaps-list, .warnings-list, .not-evaluated-list { padding-left: 1.25rem; margin: 0.25rem 0; }
.not-evaluated-title { font-size: 0.9rem; margin: 0.6rem 0 0.2rem; }
.not-evaluated-list { font-size: 0.8rem; color: var(--muted); }
.not-evaluated-list strong { color: var(--ink); font-weight: 600; }
.findings-list li, .gaps-list li { margin: 0.4rem 0; }
.finding .meta, .gap-item .meta { margin: 0.1rem 0; font-size: 0.8rem; color: var(--muted); }
.finding .description { margin: 0.1rem 0; font-size: 0.875rem; }
.finding .readings-line { margin: 0.1rem 0; font-size: 0.8rem; color: #5c3fc4; }
.left-out { font-size: 0.85rem; background: #fff4e6; border-left: 4px solid #e8590c; padding: 0.3rem 0.5rem; margin: 0.4rem 0; }
.left-out p, .left-out ul { margin: 0.1rem 0; }
.badge { display: inline-block; font-size: 0.7rem; font-weight: 700; padding: 0.05rem 0.35rem; border-radius: 3px; color: #fff; background: var(--finding); }
.badge.status-potential { background: #9c36b5; }
.badge.status-incomplete_data { background: #e67700; }
button.link { border: 0; background: none; padding: 0.1rem 0.2rem; min-height: 0; color: var(--work); text-decoration: underline; font-weight: 600; }
button.link:hover { background: #e7f5ff; }
.empty-note { color: var(--muted); margin: 0.25rem 0; }
.heading-note { display: block; font-size: 0.8rem; font-weight: 400; color: var(--muted); }
.error-note { color: #a51111; font-weight: 600; }
details.technical { font-size: 0.8rem; color: var(--muted); margin: 0.15rem 0; } details.technical summary { cursor: pointer; }
.quarantine-reason { margin: 0.15rem 0; font-size: 0.85rem; color: #a51111; }
.disclaimer { font-size: 0.8rem; color: var(--muted); border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 1rem; }

@media (max-width: 640px) {
  .counts { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .fleet-filters .field, .fleet-filters input[type=search] { min-width: 0; width: 100%; flex: 1 1 100%; }
  table.fleet, table.fleet tbody, table.fleet tr, table.fleet th, table.fleet td { display: block; width: 100%; }
  /* on a phone the sortable headers become a row of sort buttons above the cards */
  table.fleet thead { display: block; }
  table.fleet thead tr { display: flex; flex-wrap: wrap; gap: 0.3rem; border: 0; padding: 0; margin: 0 0 0.5rem; }
  table.fleet thead th { display: block; width: auto; border: 0; padding: 0; }
  table.fleet thead th:not(.sortable) { display: none; }
  table.fleet thead button.sort { border: 1px solid #adb5bd; border-radius: 999px; padding: 0.25rem 0.6rem; min-height: 2rem; font-size: 0.8rem; }
  table.fleet tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 0.5rem; padding: 0.25rem 0.5rem; }
  table.fleet th, table.fleet td { border: 0; padding: 0.15rem 0; }
  table.fleet td::before { content: attr(data-label); display: block; font-size: 0.7rem; color: var(--muted); font-weight: 600; }
  table.rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.rows, table.rows tbody, table.rows tr, table.rows td { display: block; width: 100%; }
  table.rows tr { border-bottom: 1px solid var(--line); padding: 0.25rem 0; }
  table.rows td { border: 0; padding: 0.05rem 0; }
  table.rows td::before { content: attr(data-label) ": "; color: var(--muted); font-size: 0.75rem; }
  .basis-import select { min-width: 0; width: 100%; }
  .basis .field { flex: 1 1 40%; }
  .basis-import { flex: 1 1 100% !important; }
  .back { flex-wrap: wrap; }
  .toggle .cell-note { max-width: none; }
  .status-list { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .status-list dd { font-size: 0.9rem; }
  :root { --label-w: 3.4rem; }
  .day-label { font-size: 0.75rem; }
  .top { padding: 0.5rem 0.75rem; }
  main { padding: 0.5rem 0.75rem 1.5rem; }
  .driver-field, .import-field { flex: 1 1 100%; }
  .driver-field select { min-width: 0; width: 100%; }
  .week-nav { flex: 1 1 100%; }
  .week-nav button { flex: 1; }
  /* the long label stays for screen readers; the short one is aria-hidden */
  .long { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .short { display: inline; }
  .tick.minor { display: none; }
  .bar { height: 2.2rem; }
  table.totals { min-width: 0; width: 100%; font-size: 0.72rem; }
  table.totals th, table.totals td { padding: 0.2rem 0.15rem; }
  table.rows caption { display: block; }
}
.homes-form { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; }
.homes-form input { text-transform: uppercase; width: 3em; }
.homes-status { flex-basis: 100%; margin: 0.25rem 0; font-size: 0.9rem; }
.vu-lane { display: flex; align-items: center; gap: 0.5rem; margin: 0.15rem 0; }
.vu-lane-title { flex: 0 0 12rem; font-size: 0.85rem; }
.vu-axis { position: relative; flex: 1; height: 1.4rem; border: 1px solid var(--line, #999); }
.vu-band { position: absolute; top: 0; bottom: 0; height: auto; min-height: 0; min-width: 0; padding: 0; border: 0; border-radius: 0; cursor: default; background: var(--rest); }
.vu-band:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; z-index: 3; }
.vu-axis .vu-band.seg-driving { background: var(--driving); } .vu-axis .vu-band.seg-work { background: var(--work); }
.vu-axis .vu-band.seg-availability { background: var(--availability); } .vu-axis .vu-band.seg-rest { background: var(--rest); }
.vu-axis .vu-band.vu-without-card { background: repeating-linear-gradient(45deg, var(--driving) 0 4px, #000 4px 7px); }
.vu-axis .vu-band.vu-card { background: #3b7dd8; } .vu-axis .vu-band.vu-no-card { background: #ddd; }
.vu-axis .vu-band.vu-overspeeding { background: #e89b00; }
.vu-axis .vu-band:hover { filter: brightness(1.15); }
.vu-scale { border: 0; border-left: 1px solid transparent; height: 1.1rem; font-size: 0.75rem; }
.vu-tick { position: absolute; top: 0; padding-left: 2px; border-left: 1px solid #999; white-space: nowrap; }
td.alert { font-weight: bold; color: #b00020; }
.vu-vehicles-section .controls { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.vu-vehicles-section select, .vu-vehicles-section button:not(.vu-band) { max-width: 100%; min-width: 0; white-space: normal; }
.vu-vehicles-body, .vu-vehicle-detail { overflow-x: auto; max-width: 100%; }
@media (max-width: 600px) { .vu-lane-title { flex-basis: 6rem; } }

/* a printed week (the browser's print of the week view): the chart, the timeline and the legend keep their colours
   (browsers leave backgrounds out of a print unless asked), and what works only on screen is left out */
@media print {
  html { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .skip, .zone-form, .top-controls, .import-summary, .import-list, .week-nav, #basis-form, .tooltip,
  .annotate-open, .review-form, .homes-form, .back { display: none !important; }
}
`;
