import type { ContentProblem } from '../src/index.ts';
import { parseRating, resolveAlternative, type SiteContent } from './content.ts';
import { RECOMMEND_FROM } from './components/review-parts.tsx';

/**
 * A review's `alternatives` must be pages of this site, and better ones: never a review we rate
 * under 3/5 ourselves (docs/product.md, "Reviews").
 */
export function alternativeProblems(c: SiteContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const entry of c.reviews) {
    entry.data.alternatives.forEach((path, i) => {
      const found = resolveAlternative(path, c);
      if (!found) {
        problems.push({ entry, field: ['alternatives', i], message: `${path} is no article, guide, gift guide or review of this site`, hint: 'use the address of a page the site publishes, such as /chat-mistakes or /post/first-date-tips' });
      } else if (found.rating !== undefined && found.rating < RECOMMEND_FROM) {
        problems.push({ entry, field: ['alternatives', i], message: `${path} is a review we rate ${found.rating}/5, so it is no better choice`, hint: `name pages we would recommend (reviews rated ${RECOMMEND_FROM}/5 or more, guides, articles)` });
      }
    });
  }
  return problems;
}

/**
 * A gift guide's countdown runs to a deadline for the guide's own occasion: a deadline copied from
 * another guide names that guide's occasion and is caught here (docs/product.md, "Gift pages").
 */
export function deadlineProblems(c: SiteContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const entry of c.gifts) {
    const { deadline, occasion } = entry.data;
    if (!deadline) continue;
    if (deadline.occasion === occasion) {
      // The label is what readers see: it must name the occasion too, or it may be another's.
      const fold = (text: string) => text.toLowerCase().replace(/’/g, "'");
      if (!fold(deadline.label).includes(fold(occasion))) {
        problems.push({ entry, field: ['deadline', 'label'], message: `the countdown's label does not name its occasion, ${occasion}`, hint: `say what the date is for, e.g. "Order by … for delivery before ${occasion}"` });
      }
      continue;
    }
    problems.push({
      entry,
      field: ['deadline', 'occasion'],
      message: occasion
        ? `the countdown is for ${deadline.occasion}, but this guide's occasion is ${occasion}`
        : `the countdown is for ${deadline.occasion}, but this guide names no occasion`,
      hint: occasion
        ? `set a deadline for ${occasion} (its "at" and "label" too), or remove "deadline" for no countdown`
        : `add occasion: ${deadline.occasion} if the guide is about it, or remove "deadline" for no countdown`,
    });
  }
  return problems;
}
