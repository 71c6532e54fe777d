/**
 * The HTTP test harnesses' fetch: every 2xx and 4xx answer is held to the app's own OpenAPI document, strictly
 * (conformance/openapi-answers.ts: a documented status and media type, and a JSON body that validates against the
 * documented schema with no undeclared property), so a mapper and its schema cannot drift apart unseen. An answer
 * outside the document fails the request with the operation and the problems (never the body's values).
 */
import { DocumentChecker } from '../../../conformance/openapi-answers.js';
import type { OpenApiDocument } from '../openapi.js';

/** conformance/openapi-answers.ts's problem for a path no operation documents */
const UNDOCUMENTED_PATH = /for a path no operation documents/;

export type Fetch = (request: Request) => Promise<Response>;

export class UndocumentedAnswer extends Error {
  override readonly name = 'UndocumentedAnswer';
}

/** `fetch` whose 2xx and 4xx answers are checked against `openapi`; other answers pass unchecked. */
export function strictFetch(
  fetch: (request: Request) => Response | Promise<Response>,
  openapi: OpenApiDocument,
): Fetch {
  const checker = new DocumentChecker(openapi as unknown as ConstructorParameters<typeof DocumentChecker>[0]);
  return async (request) => {
    const response = await fetch(request);
    if (response.status < 200 || response.status >= 500 || (response.status >= 300 && response.status < 400))
      return response;
    const contentType = response.headers.get('content-type') ?? '';
    const problems = checker.problems({
      method: request.method,
      url: request.url,
      status: response.status,
      contentType,
      body: Buffer.from(await response.clone().arrayBuffer()),
    });
    // the page's own files (HTML, scripts, styles) are served beside the API, outside its document
    const pageFile = !contentType.startsWith('application/json') && problems.some((p) => UNDOCUMENTED_PATH.test(p));
    if (problems.length > 0 && !pageFile) {
      const path = new URL(request.url).pathname;
      throw new UndocumentedAnswer(`${request.method} ${path} ${response.status}: ${problems.join('; ')}`);
    }
    return response;
  };
}
