import { z } from 'zod';
import { sitePathProblem } from '../write/site-path.ts';

/**
 * Schema building blocks for site configs. Dates are `YYYY-MM-DD` text naming a day that exists
 * (front matter keeps timestamps as text, see load.ts); a Date, from a caller that parses YAML
 * itself, is accepted as its UTC day. They always come out as `YYYY-MM-DD` text.
 */
export const dateField = () =>
  z
    .union([z.date(), z.string()])
    .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
    .superRefine((value, ctx) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'expected a date written as YYYY-MM-DD', input: value, params: { hint: dateHint(value) } });
        return;
      }
      const problem = impossibleDate(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, params: { impossibleDate: problem } });
    });

/**
 * How to write a date given some other way, read the way it is most likely meant: `27/11/2026`
 * (a day above 12 first, as most of the world writes it) → "write it as 2026-11-27"; `11/27/2026`
 * (the US order) likewise; `05/06/2026`, which could be either, gets both readings; `5 January
 * 2025`, `January 5, 2025` and `2025/1/5` their one.
 */
export function dateHint(text: string): string {
  const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const real = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
  const general = 'write it as YYYY-MM-DD: the year, the month and the day, e.g. 2025-01-31 for 31 January 2025';
  const t = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return real(+m[1], +m[2], +m[3]) ? `write it as ${iso(+m[1], +m[2], +m[3])}` : general;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (m) {
    const [a, b, y] = [+m[1], +m[2], +m[3]];
    const dayFirst = real(y, b, a) ? iso(y, b, a) : undefined;
    const monthFirst = real(y, a, b) ? iso(y, a, b) : undefined;
    if (dayFirst && monthFirst && dayFirst !== monthFirst) {
      return `write it as ${dayFirst} (${a} ${MONTHS[b - 1]}) or ${monthFirst} (${b} ${MONTHS[a - 1]}), whichever you mean`;
    }
    const one = dayFirst ?? monthFirst;
    return one ? `write it as ${one}` : general;
  }
  const month = (name: string) => MONTHS.findIndex((n) => n.toLowerCase().startsWith(name.toLowerCase().slice(0, 3))) + 1;
  m = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/.exec(t) ?? null;
  if (m && month(m[2]) && real(+m[3], month(m[2]), +m[1])) return `write it as ${iso(+m[3], month(m[2]), +m[1])}`;
  m = /^([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
  if (m && month(m[1]) && real(+m[3], month(m[1]), +m[2])) return `write it as ${iso(+m[3], month(m[1]), +m[2])}`;
  return general;
}

/**
 * An ISO date-time with its offset, such as `2026-06-16T23:59:00-04:00`, naming a real day and a
 * time of day (hours 00–23, minutes and seconds 00–59); kept as the text written.
 */
export const dateTimeField = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, 'expected an ISO date-time such as 2026-06-16T23:59:00-04:00')
    .superRefine((value, ctx) => {
      const [h, m, sec = 0] = value.slice(11, 19).split(':').map(Number);
      const problem = impossibleDate(value.slice(0, 10)) ?? (h > 23 || m > 59 || sec > 59 ? `there is no time ${value.slice(11, 16)}` : undefined);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, params: { impossibleDate: problem } });
    });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Days in a month of the Gregorian calendar (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Why `YYYY-MM-DD` names no day ("there is no month 13", "February 2025 has 28 days"), or undefined. */
export function impossibleDate(text: string): string | undefined {
  const [year, month, day] = text.split('-').map(Number);
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = daysInMonth(year, month);
  if (day < 1) return `there is no day ${day}`;
  if (day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/** A site path such as `/about`: one slash, then URL-safe segments; never `.` or `..` (see site-path.ts). */
export const sitePath = () =>
  z.string().superRefine((value, ctx) => {
    const problem = sitePathProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `expected a site path such as /about, but ${problem}` });
  });

/**
 * An image: a site path of a file in public/ (`/images/cover.svg`), an https URL, or a file beside
 * the content file that names it (`./cover.svg`, `../shared/walk.jpg`), which the build publishes
 * and puts in its place (images/relative-images.ts).
 */
export const imagePath = () =>
  z.string().regex(/^(\/(?!\/)|https:\/\/|\.\.?\/(?!\/))\S+$/, 'expected a path such as /images/cover.svg (in public/) or ./cover.svg (beside this file)');

/** A slug: lowercase letters, digits and dashes. */
export const slugField = () =>
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'expected letters, digits and dashes, such as hello-world');

/**
 * An absolute `http:` or `https:` address, written so that it reaches the page and a `_redirects`
 * line as it is: no spaces (they split a `_redirects` line, so the rule silently fails) or other
 * characters an address cannot hold unescaped, and no other scheme (a `javascript:` link is
 * removed from pages, leaving a button that does nothing).
 */
export const webUrl = () =>
  z.string().superRefine((value, ctx) => {
    const problem = webUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, input: value, params: { hint: problem.hint } });
  });

/** Why `value` is not an address `webUrl()` accepts (with the fix), or undefined. */
function webUrlProblem(value: string): { message: string; hint: string } | undefined {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1].toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') {
    return { message: `expected an http(s) address, but it is a "${scheme}:" address, which browsers will not follow from this page (it is removed, so the button or link does nothing)`, hint: 'use the https:// address of the page it should open' };
  }
  const bad = /[\s"<>\\^`{|}\u0000-\u001f\u007f]/.exec(value);
  if (bad) {
    const what = /\s/.test(bad[0]) ? 'a space' : `the character ${JSON.stringify(bad[0])}`;
    return {
      message: `expected an address without spaces or quotes, but it holds ${what} at character ${bad.index + 1}, which breaks its redirect rule and link`,
      hint: `remove it, or write it as ${encodeURIComponent(bad[0])} if the address really contains it`,
    };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { message: 'expected a full address such as https://example.com/page', hint: 'start it with https:// and the site\'s host name' };
  }
  if (!scheme || !url.hostname) return { message: 'expected a full address such as https://example.com/page', hint: 'start it with https:// and the site\'s host name' };
  return undefined;
}
