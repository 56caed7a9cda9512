import { Island } from '../../src/index.ts';
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
}: {
  heading: string;
  text: string;
  guideTitle: string;
  /** The path of the page the form is on, stored with the address. */
  source: string;
  /** Prefix of the element ids, unique on the page (default: "signup"). */
  id?: string;
}) {
  return (
    <section className="signup" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>
        <strong>{guideTitle}</strong>: {text}
      </p>
      {/* idle, not visible: the form sits near the top, and a visitor may type before scrolling. */}
      <Island name="email-capture" component={EmailCapture} props={{ id, source }} load="idle" />
    </section>
  );
}
