import { z } from 'zod';
import { sitePathProblem } from '../write/site-path.ts';

/**
 * Schema building blocks for site configs. Dates are `YYYY-MM-DD` text naming a day that exists
 * (front matter keeps timestamps as text, see load.ts); a Date, from a caller that parses YAML
 * itself, is accepted as its UTC day. They always come out as `YYYY-MM-DD` text.
 */
export const dateField = () =>
  z
    .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date written as YYYY-MM-DD')])
    .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
    .superRefine((value, ctx) => {
      const problem = impossibleDate(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, params: { impossibleDate: problem } });
    });

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

/** A path or URL to an image under public/ or on the web. */
export const imagePath = () => z.string().regex(/^(\/(?!\/)|https:\/\/)\S+$/, 'expected a path such as /images/cover.svg');

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
