const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

function fieldsAreValid(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [hours, minutes] = zone.slice(1).split(':').map(Number);
  return sign * (hours! * 60 + minutes!);
}

/**
 * Reads `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time with a `Z` or `±hh:mm` offset, to
 * milliseconds since the epoch. A date-time without an offset is refused: its instant would
 * depend on the server's time zone. Returns undefined for anything else, including dates that do
 * not exist (`2025-02-30`).
 */
export function parseIsoInstant(text: string): number | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1, 4).map(Number) as [number, number, number];
    return fieldsAreValid(year, month, day) ? Date.UTC(year, month - 1, day) : undefined;
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return undefined;
  const [year, month, day, hour, minute, second] = dateTime.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const fraction = dateTime[7] ?? '';
  const zone = dateTime[8]!;
  const offset = offsetMinutes(zone);
  if (!fieldsAreValid(year, month, day) || hour > 23 || minute > 59 || second > 59 || Math.abs(offset) > 18 * 60) {
    return undefined;
  }
  const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
  return Date.UTC(year, month - 1, day, hour, minute, second, milliseconds) - offset * 60_000;
}
