// Local-calendar helpers shared by the time formatters. Day arithmetic goes through local
// midnights and rounds, so a 23- or 25-hour day around a DST change still counts as one day.
const DAY_MS = 86_400_000;

export const pad2 = (n: number): string => String(n).padStart(2, '0');

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days from `earlier` to `later` (0 = same day, 1 = the day before, …). */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later).getTime() - startOfDay(earlier).getTime()) / DAY_MS);
}

/** Days since the most recent Monday: Monday 0 … Sunday 6 (weeks start on Monday). */
export function mondayIndex(date: Date): number {
  return (date.getDay() + 6) % 7;
}

export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}
