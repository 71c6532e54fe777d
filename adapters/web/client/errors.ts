/**
 * How a failed request is shown: what happened and what to do (./people-text.ts, by the answer's code), the
 * service's own message and the correlation id of a 500 behind a disclosure, and a retry button.
 */

import { ApiError } from './api.js';
import { el, technicalDetail } from './dom.js';
import { decodeFailureText, errorCodeText, sentence } from '../../vocabulary/people-text.js';

/** What happened and what to do, for a person. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError)
    return sentence(error.code === 'unparseable_ddd' ? decodeFailureText(error.reason) : errorCodeText(error.code));
  if (error instanceof Error) return 'The service could not be reached. Check that it is running, then try again.';
  return String(error);
}

/** The technical side of a failure: the code and the service's message (or the browser's). */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError)
    return `${error.status} ${error.code}${error.reason ? ` (${error.reason})` : ''}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** An alert with `what failed: why`, the correlation id when the service gave one, and a Retry button. */
export function errorBox(what: string, error: unknown, retry: () => void): HTMLElement {
  const box = el(
    'div',
    { class: 'error-box', attrs: { role: 'alert' } },
    el('p', { class: 'error-note', text: `${what}: ${errorText(error)}` }),
    technicalDetail(errorDetail(error)),
  );
  if (error instanceof ApiError && error.correlationId) {
    box.dataset.correlationId = error.correlationId;
    box.append(
      el(
        'p',
        { class: 'meta' },
        'Correlation id ',
        el('code', { class: 'correlation', text: error.correlationId }),
        ' (give it to whoever reads the service log)',
      ),
    );
  }
  const button = el('button', { class: 'retry', text: 'Retry', attrs: { type: 'button' } });
  button.addEventListener('click', retry);
  box.append(button);
  return box;
}
