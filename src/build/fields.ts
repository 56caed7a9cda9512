import { z } from 'zod';
import { sitePathProblem } from './output-paths.ts';

/**
 * Schema building blocks for site configs. Dates accept what YAML produces for `2025-01-05`
 * (a Date) or the same as text, and always come out as `YYYY-MM-DD` text.
 */
export const dateField = () =>
  z
    .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date written as YYYY-MM-DD')])
    .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v));

/** A site path such as `/about`: one slash, then URL-safe segments; never `.` or `..` (see output-paths.ts). */
export const sitePath = () =>
  z.string().superRefine((value, ctx) => {
    const problem = sitePathProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `expected a site path such as /about, but ${problem}` });
  });

/** A path or URL to an image under public/ or on the web. */
export const imagePath = () => z.string().regex(/^(\/(?!\/)|https:\/\/)\S+$/, 'expected a path such as /images/cover.svg');

/** A slug: lowercase letters, digits and dashes. */
export const slugField = () =>
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'expected letters, digits and dashes, such as first-date-ideas');
