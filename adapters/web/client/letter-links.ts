/** Links to the driver letter (HTML and PDF) of a card and period, as the week view and the fleet rows offer them. */

import { el } from './dom.js';

/**
 * The driver letter of a card and period (the findings the office followed up, for the driver's signature): HTML to
 * read and print, and PDF. Linked from the week view (the findings area's period) and from the fleet row.
 */
export function letterLinks(card: string, dateFrom: string, dateTo: string, tz: string | null): HTMLElement {
  const params = new URLSearchParams({ card_number: card, date_from: dateFrom, date_to: dateTo });
  if (tz) params.set('tz', tz);
  const period = `${dateFrom} to ${dateTo}`;
  return el(
    'span',
    { class: 'letter-links' },
    el('a', {
      class: 'letter',
      text: 'Driver letter',
      attrs: { href: `letter?${params}`, title: `The letter to the driver about the findings of ${period}` },
    }),
    ' ',
    el('a', {
      class: 'button pdf letter-pdf',
      text: 'Letter PDF',
      attrs: { href: `letter.pdf?${params}`, download: '', title: `The driver letter of ${period} as PDF` },
    }),
  );
}
