/**
 * The compact 4-week (28-day) timeline above the week: one band per ISO week, the activities drawn at their
 * time of the week (adjacent periods of the same kind joined, for the overview only), days without any
 * record hatched as such, conflicting days marked. Choosing a week's label opens that week. The weeks run from
 * Monday 00:00 to Sunday 24:00 in the display zone, their days are its local days (./local-weeks.ts).
 */

import { el, place } from './dom.js';
import { round3, weekBands } from './timeline-bands.js';
import { localWeeks, localWeekWindow } from './local-weeks.js';
import { addWeeks, dateOfMs, formatIsoWeek, type IsoWeek, parseIsoWeek, utcDayMs, weekDates } from './iso-week.js';
import type { WeekOverview } from './types.js';

const DAY_MS = 86_400_000;

/**
 * The dates the timeline of the four ISO weeks ending with `week` loads. A local day of a zone other than UTC may
 * begin on the UTC day before the oldest week (Monday 00:00 in Berlin is Sunday 23:00 UTC) or end on the UTC day
 * after the newest: those days are read too, as the report does, so the first and last local hours are drawn.
 */
export function timelineRange(week: IsoWeek, timeZone: string): { date_from: string; date_to: string } {
  const from = weekDates(addWeeks(week, -3))[0]!;
  const to = weekDates(week)[6]!;
  if (timeZone === 'UTC') return { date_from: from, date_to: to };
  return { date_from: dateOfMs(utcDayMs(from) - DAY_MS), date_to: dateOfMs(utcDayMs(to) + DAY_MS) };
}

/**
 * `loaded`: the weeks of timelineRange; the four ending with `current` are drawn, the others (a UTC day on each
 * side) only lend the intervals of their days that fall into the drawn weeks' local days.
 */
export function renderTimeline(
  loaded: readonly WeekOverview[],
  current: string,
  conflicts: ReadonlySet<string>,
  pick: (week: string) => void,
  timeZone = 'UTC',
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const shown = parseIsoWeek(current);
  const oldest = shown ? formatIsoWeek(addWeeks(shown, -3)) : '';
  const weeks = shown ? loaded.filter((w) => w.week >= oldest && w.week <= current) : loaded;
  for (const week of localWeeks(weeks, timeZone, loaded)) {
    const band = el('div', { class: 'tl-band', attrs: { 'aria-hidden': 'true' } });
    week.days.forEach((day, i) => {
      if (!day.intervals.length) {
        const none = el('span', { class: 'tl-none', attrs: { title: `${day.date}: no record` } });
        place(none, round3((i / 7) * 100), round3(100 / 7));
        band.append(none);
      }
      if (conflicts.has(day.date)) {
        const mark = el('span', { class: 'tl-conflict' });
        place(mark, round3((i / 7) * 100), round3(100 / 7));
        band.append(mark);
      }
    });
    const window = timeZone === 'UTC' ? undefined : localWeekWindow(week, timeZone);
    for (const b of weekBands(week, window)) {
      const seg = el('span', { class: `tl-seg seg-${b.kind}` });
      place(seg, b.left, b.width);
      band.append(seg);
    }
    const recorded = week.days.filter((d) => d.intervals.length).length;
    const label = el('button', {
      class: 'link tl-week',
      attrs: {
        type: 'button',
        'aria-label': `${week.week}: ${recorded} of 7 days recorded${week.week === current ? ' (shown below)' : ''}`,
      },
      data: { week: week.week },
    });
    label.append(
      el('span', { class: 'long', text: week.week }),
      el('span', { class: 'short', text: week.week.slice(5), attrs: { 'aria-hidden': 'true' } }),
    );
    if (week.week === current) label.setAttribute('aria-current', 'true');
    label.addEventListener('click', () => pick(week.week));
    fragment.append(
      el(
        'div',
        {
          class: `tl-row${week.week === current ? ' current' : ''}`,
          data: { week: week.week, recorded: String(recorded) },
        },
        label,
        band,
      ),
    );
  }
  return fragment;
}
