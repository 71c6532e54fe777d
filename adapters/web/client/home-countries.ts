/**
 * The card's home countries on the week view: the Member State of the employer's establishment and the driver's
 * country of residence (Reg. (EC) No 561/2006 Art. 8(6) and 8(8a) as amended by Reg. (EU) 2020/1054), shown with
 * where each comes from and edited in place (GET and POST api/drivercard/drivers/{card}/home-countries). An empty
 * field leaves the country to the service's default. The Mobility Package rules of the pre-check need both; the
 * view reloads after a save so its findings follow.
 */
import { el, technicalDetail } from './dom.js';
import { errorCodeText, sentence } from '../../vocabulary/people-text.js';
import type { HomeCountriesResponse } from '../../http/home-countries/home-countries.schema.js';

export type HomeCountries = HomeCountriesResponse;

/** An entered country: null (empty: the service's default), an upper-case two-letter code, or what is wrong. */
export function readCountry(text: string, what: string): { value: string | null } | { error: string } {
  const code = text.trim().toUpperCase();
  if (code === '') return { value: null };
  if (!/^[A-Z]{2}$/.test(code))
    return {
      error: `The ${what} must be a two-letter country code, for example DE, PL or NL (leave it empty for the service's default).`,
    };
  return { value: code };
}

/** A code with its English name: `DE (Germany)`. */
export function countryName(code: string | null): string {
  if (code === null) return 'not known';
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name && name !== code ? `${code} (${name})` : code;
  } catch {
    return code;
  }
}

/** Where a country comes from, in words. */
export function sourceText(source: HomeCountries['establishment_source']): string {
  if (source === 'card') return 'set for this card';
  if (source === 'configuration') return "the service's default";
  return 'not set';
}

/** What the pre-check now uses, in one sentence. */
export function homesSentence(h: HomeCountries): string {
  const line = (what: string, code: string | null, source: HomeCountries['establishment_source']) =>
    `${what}: ${countryName(code)}, ${sourceText(source)}`;
  const both = h.establishment !== null && h.residence !== null;
  return (
    `${line('Establishment', h.establishment, h.establishment_source)}; ${line('residence', h.residence, h.residence_source)}. ` +
    (both
      ? 'The pre-check decides the return-home and consecutive reduced weekly rest rules with them.'
      : 'Without both, the pre-check does not evaluate the return-home and consecutive reduced weekly rest rules.')
  );
}

const url = (card: string) => `api/drivercard/drivers/${encodeURIComponent(card)}/home-countries`;

async function answer(response: Response): Promise<HomeCountries> {
  const body = (await response.json().catch(() => ({}))) as HomeCountries & { error?: string; message?: string };
  if (response.ok) return body;
  throw Object.assign(new Error(body.message ?? `HTTP ${response.status}`), { code: body.error ?? '' });
}

function input(name: string, value: string | null): HTMLInputElement {
  return el('input', {
    attrs: { name, value: value ?? '', size: '3', maxlength: '2', autocomplete: 'off', spellcheck: 'false' },
  });
}

/** The section's content for `card` (null when the service has no home countries or refuses them). */
export async function renderHomeCountries(card: string, saved: () => void): Promise<HTMLElement | null> {
  // an unreachable service and a refusal (a card the service does not know: 404) alike leave no section; the week
  // view says what went wrong, and the page keeps no unhandled rejection
  const current = await fetch(url(card))
    .then(answer)
    .catch(() => null);
  if (current === null) return null;
  const establishment = input('establishment', current.establishment_source === 'card' ? current.establishment : null);
  const residence = input('residence', current.residence_source === 'card' ? current.residence : null);
  const status = el('p', { class: 'homes-status', attrs: { role: 'status' }, text: homesSentence(current) });
  const form = el(
    'form',
    { class: 'homes-form' },
    el('label', {}, 'Member State of establishment (employer) ', establishment),
    el('label', {}, "Driver's country of residence ", residence),
    el('button', { text: 'Save home countries', attrs: { type: 'submit' } }),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const e = readCountry(establishment.value, 'Member State of establishment');
    const r = readCountry(residence.value, 'country of residence');
    if ('error' in e || 'error' in r) {
      const errors = [e, r].flatMap((x) => ('error' in x ? [x.error] : []));
      status.textContent = `Not saved: ${errors.join(' ')}`;
      form.dataset.saved = 'false';
      return;
    }
    void save(card, { establishment: e.value, residence: r.value }, form, status, saved);
  });
  return form;
}

async function save(
  card: string,
  body: { establishment: string | null; residence: string | null },
  form: HTMLFormElement,
  status: HTMLElement,
  saved: () => void,
): Promise<void> {
  status.textContent = 'Saving…';
  try {
    const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const result = await fetch(url(card), request).then(answer);
    status.textContent = `Saved. ${homesSentence(result)}`;
    form.dataset.saved = 'true';
    saved();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const words =
      code === 'invalid_payload'
        ? 'A code is not a country the tachograph system knows. Enter an ISO code such as DE, PL or NL.'
        : code
          ? sentence(errorCodeText(code))
          : 'The service could not be reached. Try again.';
    status.replaceChildren(`Not saved: ${words}`, technicalDetail(`${code}: ${(error as Error).message}`));
    form.dataset.saved = 'false';
  }
}
