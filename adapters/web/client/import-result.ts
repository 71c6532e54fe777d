/**
 * One file's line in the import list: the verdict (./import-verdict.ts), then each problem with its way forward,
 * then the file's warnings. A problem is never shown as a success.
 */

import { el, technicalDetail } from './dom.js';
import { importWarningText, sentence } from '../../vocabulary/people-text.js';
import { importVerdict, type Verdict } from './import-verdict.js';
import type { ParseResult } from './types.js';

/** Fills the file's line `li` (its text span `text`) with the answer; returns the verdict. */
export function showImportResult(li: HTMLElement, text: HTMLElement, result: ParseResult): Verdict {
  const verdict = importVerdict(result);
  li.dataset.state = verdict.state;
  li.dataset.reused = String(result.reused);
  text.textContent = verdict.text;
  if (verdict.problems.length > 0) {
    li.append(
      el(
        'ul',
        { class: 'import-problems' },
        ...verdict.problems.map((p) =>
          el(
            'li',
            { class: 'import-problem', data: { problem: p.kind } },
            el('span', { class: 'problem-text', text: p.text }),
            ' ',
            el('span', { class: 'way-forward', text: `Way forward: ${p.way_forward}` }),
          ),
        ),
      ),
    );
  }
  if (result.warnings?.length) {
    li.append(
      el(
        'ul',
        { class: 'warnings-list' },
        ...result.warnings.map((w) => {
          const words = importWarningText(w.code);
          return el(
            'li',
            { data: { code: w.code } },
            el('span', { class: 'warning-text', text: sentence(words) }),
            technicalDetail(`${w.code}: ${w.message}`),
          );
        }),
      ),
    );
  }
  return verdict;
}
