/** How a failed request is shown: the service's message, the correlation id of a 500, and a retry button. */

import { ApiError } from './api.js';
import { el } from './dom.js';

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return `The service could not be reached (${error.message}).`;
  return String(error);
}

/** An alert with `what failed: why`, the correlation id when the service gave one, and a Retry button. */
export function errorBox(what: string, error: unknown, retry: () => void): HTMLElement {
  const box = el(
    'div',
    { class: 'error-box', attrs: { role: 'alert' } },
    el('p', { class: 'error-note', text: `${what}: ${errorText(error)}` }),
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
