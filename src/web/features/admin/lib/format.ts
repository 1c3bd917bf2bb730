const number = new Intl.NumberFormat();
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
// Report days and IP hours are UTC buckets: show them as such, not shifted to the browser's zone.
const utcDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utcLongDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const utcHour = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

const valid = (value: string | null | undefined) => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

export const formatNumber = (n: number) => number.format(n);

export const formatDateTime = (value: string | null | undefined, fallback = '—') => {
  const d = valid(value);
  return d ? dateTime.format(d) : fallback;
};

export const formatDate = (value: string | null | undefined, fallback = '—') => {
  const d = valid(value);
  return d ? date.format(d) : fallback;
};

export const formatTime = (value: string | null | undefined, fallback = '') => {
  const d = valid(value);
  return d ? time.format(d) : fallback;
};

/** 'YYYY-MM-DD' → 'Nov 22' (short) or 'Nov 22, 2026' (long), read as a UTC day. */
export const formatDay = (day: string, long = false) => {
  const d = valid(`${day}T00:00:00Z`);
  return d ? (long ? utcLongDay : utcDay).format(d) : day;
};

/** 'YYYY-MM-DDTHH' (an IP-statistics bucket) → 'Nov 22, 14:00 UTC'. */
export const formatHour = (hour: string) => {
  const d = valid(`${hour}:00:00Z`);
  return d ? `${utcHour.format(d)} UTC` : hour;
};

/** The axis form of an hour bucket: 'Nov 22 14:00'. */
export const formatHourTick = (hour: string) => {
  const d = valid(`${hour}:00:00Z`);
  return d ? `${utcDay.format(d)} ${hour.slice(11, 13)}:00` : hour;
};

/** Every hour from the first to the last bucket given ('YYYY-MM-DDTHH'), so quiet hours show as gaps. */
export function hourRange(first: string, last: string, max = 24 * 90) {
  const out: string[] = [];
  const end = Date.parse(`${last}:00:00Z`);
  for (let t = Date.parse(`${first}:00:00Z`); t <= end && out.length < max; t += 3_600_000) {
    out.push(new Date(t).toISOString().slice(0, 13));
  }
  return out;
}

export function formatBytes(bytes: number | null | undefined) {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(totalSeconds: number) {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const parts = [days && `${days} d`, (days || hours) && `${hours} h`, `${minutes} min`].filter(Boolean);
  return totalSeconds < 60 ? `${totalSeconds} s` : parts.join(' ');
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Today and n-1 days before it as UTC 'YYYY-MM-DD', the way the server counts report days. */
export function lastDays(n: number, now = Date.now()) {
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (n - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
