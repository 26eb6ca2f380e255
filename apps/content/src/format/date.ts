// Dates are ISO calendar days ("2025-10-28"), shown in US English. They are formatted from their
// own year, month and day, never through a Date in local time (which would show the 27th west of
// Greenwich), and without Intl.DateTimeFormat, whose first construction costs ~10 ms of main
// thread while the page starts.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface CalendarDay {
  year: number;
  /** 0–11 */
  month: number;
  day: number;
}

function calendarDay(isoDate: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new RangeError(`Not an ISO date: "${isoDate}"`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31)
    throw new RangeError(`Not an ISO date: "${isoDate}"`);
  return { year, month: month - 1, day };
}

/** "October 28, 2025" */
export function formatDate(isoDate: string): string {
  const { year, month, day } = calendarDay(isoDate);
  return `${MONTHS[month]} ${day}, ${year}`;
}

// en-US abbreviates every month to its first three letters ("Sep", "May").
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

/** "Oct 28, 2025" */
export function formatShortDate(isoDate: string): string {
  const { year, month, day } = calendarDay(isoDate);
  return `${shortMonth(month)} ${day}, ${year}`;
}

/** "Oct" */
export function formatShortMonth(isoDate: string): string {
  return shortMonth(calendarDay(isoDate).month);
}

/** "28" */
export function formatDayOfMonth(isoDate: string): string {
  return String(calendarDay(isoDate).day);
}
