import { Island, type LoadRule } from '../../src/index.ts';
import EmailCapture from '../islands/email-capture.tsx';

/**
 * The free-guide sign-up: heading, the guide's title and what it is, and the email capture
 * island. Without JavaScript the form is a plain POST to the forms function, which redirects to
 * /thank-you; with it, the island shows each state (docs/product.md, "Forms") in place.
 */
export function SignupForm({
  heading,
  text,
  guideTitle,
  source,
  id = 'signup',
  headingLevel = 2,
  load = 'visible',
}: {
  heading: string;
  text: string;
  guideTitle: string;
  /** The path of the page the form is on, stored with the address. */
  source: string;
  /** Prefix of the element ids, unique on the page (default: "signup"). */
  id?: string;
  /** The heading's level (default: 2). */
  headingLevel?: 2 | 3;
  /**
   * When the form hydrates (default: `visible`, once it comes near the screen: the form sits low
   * on a page, so a reader who never scrolls to it loads nothing for it), or `static`: never. At
   * the end of articles and guides the form stays the plain POST it is without JavaScript, so those
   * pages keep shipping no script at all.
   */
  load?: LoadRule | 'static';
}) {
  const H = `h${headingLevel}` as const;
  return (
    <section className="signup" aria-labelledby={`${id}-heading`} data-pagefind-ignore="">
      <H id={`${id}-heading`}>{heading}</H>
      <p>
        <strong>{guideTitle}</strong>: {text}
      </p>
      {load === 'static' ? (
        <EmailCapture id={id} source={source} />
      ) : (
        <Island name="email-capture" component={EmailCapture} props={{ id, source }} load={load} />
      )}
    </section>
  );
}
