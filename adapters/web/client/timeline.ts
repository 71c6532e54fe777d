/**
 * The compact 4-week (28-day) timeline above the week: one band per ISO week, the activities drawn at their
 * time of the week (adjacent periods of the same kind joined, for the overview only), days without any
 * record hatched as such, conflicting days marked. Choosing a week's label opens that week. The weeks run from
 * Monday 00:00 to Sunday 24:00 in the display zone, their days are its local days (./local-weeks.ts).
 */

import { el, place } from './dom.js';
import { round3, weekBands } from './timeline-bands.js';
import { localWeeks, localWeekWindow } from './local-weeks.js';
import type { WeekOverview } from './types.js';

export function renderTimeline(
  weeks: readonly WeekOverview[],
  current: string,
  conflicts: ReadonlySet<string>,
  pick: (week: string) => void,
  timeZone = 'UTC',
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const week of localWeeks(weeks, timeZone)) {
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
