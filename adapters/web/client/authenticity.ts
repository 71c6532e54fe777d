/**
 * The selected driver's imports with their authenticity: a plain badge per import, and on demand (a native
 * disclosure) the certificate chains and the result of every elementary file's signature.
 */

import { el } from './dom.js';
import { authenticityBadge } from './fleet-view.js';
import { formatDate, formatDateTime, importName } from './format.js';
import { efLabel } from '../../vocabulary/labels.js';
import { quarantineReasons } from '../../vocabulary/people-text.js';
import type { Authenticity, ImportInfo } from './types.js';

function details(auth: Authenticity): HTMLElement {
  const efs = auth.efs ?? [];
  const chains = auth.chains ?? [];
  const body = el('div', { class: 'auth-details' });
  for (const c of chains) {
    const certs = (c.certificates ?? []).map(
      (x) => `${x.role.toLowerCase().replace(/_/g, '-')}${x.nation ? ` ${x.nation}` : ''}: ${x.status.toLowerCase()}`,
    );
    body.append(
      el('p', {
        class: 'meta',
        text: `${c.generation} certificate chain: ${c.status.toLowerCase()}${certs.length ? ` (${certs.join(', ')})` : ''}`,
      }),
    );
  }
  if (efs.length) {
    const rows = efs.map((e) =>
      el(
        'tr',
        { data: { ef: e.ef, result: e.result } },
        el('td', { text: efLabel(e.ef) }),
        el('td', { text: e.application === 'TACHOGRAPH_G2' ? 'gen2' : 'gen1' }),
        el('td', { class: `ef-result ef-${e.result.toLowerCase()}`, text: e.result.toLowerCase().replace(/_/g, ' ') }),
      ),
    );
    body.append(
      el(
        'table',
        { class: 'efs' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ...['Elementary file', 'Application', 'Signature'].map((h) =>
              el('th', { text: h, attrs: { scope: 'col' } }),
            ),
          ),
        ),
        el('tbody', {}, ...rows),
      ),
    );
  } else {
    body.append(el('p', { class: 'empty-note', text: 'No per-file results.' }));
  }
  const invalid = efs.filter((e) => e.result === 'INVALID').length;
  const summary = `Signatures of ${efs.length} elementary files${invalid ? ` (${invalid} invalid)` : ''}`;
  return el('details', { class: 'auth-more' }, el('summary', { text: summary }), body);
}

/** One item per import of the card, newest first; `action` adds each row's withdraw / restore button. */
export function renderImports(imports: readonly ImportInfo[], action?: (imp: ImportInfo) => HTMLElement): HTMLElement {
  if (!imports.length) return el('p', { class: 'empty-note', text: 'No import of this card is listed.' });
  const sorted = [...imports].sort((a, b) => b.imported_at.localeCompare(a.imported_at));
  return el(
    'ul',
    { class: 'imports-list' },
    ...sorted.map((imp) => {
      const auth = imp.authenticity ?? null;
      const li = el(
        'li',
        { class: 'import-row', data: { importId: imp.import_id, status: imp.status } },
        authenticityBadge(auth?.status ?? null),
        ' ',
        el('strong', { text: importName(imp) }),
        el('span', {
          class: 'meta',
          text: ` · imported ${formatDateTime(imp.imported_at)} · activity ${formatDate(imp.activity_range?.from)} to ${formatDate(imp.activity_range?.to)}`,
        }),
      );
      if (imp.status === 'QUARANTINED') {
        li.append(' ', el('span', { class: 'pill pill-overdue', text: 'quarantined' }));
        const why = quarantineReasons(imp.warnings);
        li.append(el('p', { class: 'quarantine-reason', text: `Kept out of the checks: ${why.join(' ')}` }));
      }
      if (imp.status === 'WITHDRAWN')
        li.append(
          ' ',
          el('span', { class: 'pill pill-withdrawn', text: `withdrawn: ${imp.withdrawal?.reason ?? ''}` }),
        );
      if (action) li.append(' ', action(imp));
      if (auth) li.append(details(auth));
      else li.append(el('p', { class: 'meta', text: 'This service did not report authenticity for the import.' }));
      return li;
    }),
  );
}
