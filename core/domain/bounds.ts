/**
 * The bounds every query is held to, in one place for the HTTP adapter and the use cases.
 * - The tachograph era: Regulation (EEC) 3821/85 dates from 1985 and digital driver cards from 2006, so
 *   nothing a card records lies before 1985-01-01; 2099-12-31 is a sane far end for the answer size and for
 *   date arithmetic. Years 0001-9999 are not a useful domain.
 * - An overview or a pre-check evaluates at most one leap year of days.
 */
export const ERA_FIRST_DATE = '1985-01-01';
export const ERA_LAST_DATE = '2099-12-31';
export const MAX_RANGE_DAYS = 366;
