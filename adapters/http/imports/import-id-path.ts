/**
 * The `{import_id}` segment of /api/drivercard/imports/{import_id}/…: read from the matched path (the app mounts
 * `{name}` segments as h3 parameters); the same bounds as the import_id query parameter.
 */
import { hasUnsafeText } from '../../../core/domain/text.js';
import { HttpProblem } from '../shared/problem.js';
import type { HttpAppDependencies } from '../ports.js';
import type { ImportLifecycleUseCases } from '../../../core/use-cases/withdraw-import.js';

export const IMPORTS_PATH = '/api/drivercard/imports';

export function importIdOf(url: URL): string {
  const segment = url.pathname.slice(IMPORTS_PATH.length + 1).split('/')[0] ?? '';
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    id = '';
  }
  // 404 for what cannot name an import; the value is never echoed
  if (id.length === 0 || id.length > 200 || hasUnsafeText(id))
    throw new HttpProblem(404, 'not_found', 'The import asked for does not exist.');
  return id;
}

export function lifecycleOf(deps: HttpAppDependencies): ImportLifecycleUseCases {
  if (!deps.lifecycle)
    throw new HttpProblem(404, 'not_found', 'Withdrawing and restoring imports is not available in this service.');
  return deps.lifecycle;
}
