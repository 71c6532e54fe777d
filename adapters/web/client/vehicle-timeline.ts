/**
 * The layout of a vehicle's timeline (pure, tested): its uses and its unaccounted / inconsistent segments as bands
 * on one time axis from the first to the last instant, in percent of the axis.
 */
export interface MileageUseJson {
  card_number: string | null;
  first_use: string | null;
  last_use: string | null;
  odometer_begin_km: number | null;
  odometer_end_km: number | null;
  quarantined: boolean;
}

export interface MileageSegmentJson {
  kind: 'unaccounted' | 'inconsistent';
  reason: string | null;
  from: string;
  to: string;
  km: number | null;
  rollover: boolean;
  cards_before: string[];
  cards_after: string[];
}

export interface Band {
  kind: 'use' | 'unaccounted' | 'inconsistent';
  left: number;
  width: number;
  label: string;
}

const ms = (iso: string): number => Date.parse(iso);

/** Bands in percent of the axis [first use, last use]; a band is at least 0.5 % wide so that it stays visible. */
export function timelineBands(uses: readonly MileageUseJson[], segments: readonly MileageSegmentJson[]): Band[] {
  const dated = uses.filter((u) => u.first_use !== null && u.last_use !== null);
  if (dated.length === 0) return [];
  const start = Math.min(...dated.map((u) => ms(u.first_use!)));
  const end = Math.max(...dated.map((u) => ms(u.last_use!)));
  const span = Math.max(end - start, 1);
  const band = (kind: Band['kind'], from: string, to: string, label: string): Band => {
    const left = ((ms(from) - start) / span) * 100;
    return { kind, left, width: Math.max(((ms(to) - ms(from)) / span) * 100, 0.5), label };
  };
  return [
    ...dated.map((u) =>
      band(
        'use',
        u.first_use!,
        u.last_use!,
        `${u.card_number ?? 'unknown card'}: ${u.odometer_begin_km ?? '?'} → ${u.odometer_end_km ?? '?'} km`,
      ),
    ),
    ...segments.map((s) => band(s.kind, s.from, s.to, segmentLabel(s))),
  ];
}

export function segmentLabel(s: MileageSegmentJson): string {
  if (s.kind === 'unaccounted')
    return `${s.km} km no imported card accounts for${s.rollover ? ' (odometer rolled over)' : ''}`;
  if (s.reason === 'overlap')
    return `uses overlap without crew activity (${s.cards_before.join(', ')} / ${s.cards_after.join(', ')})`;
  return `odometer runs backwards (${s.km} km)`;
}
