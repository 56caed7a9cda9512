/**
 * The email sign-up form. A plain POST to the forms function, so it works without JavaScript;
 * the function answers with a redirect to /thank-you.
 */
export function SignupForm({ heading, text, guideTitle, id = 'signup' }: { heading: string; text: string; guideTitle: string; id?: string }) {
  return (
    <section className="signup" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>
        <strong>{guideTitle}</strong>: {text}
      </p>
      <form className="signup-form" action="/api/subscribe" method="post">
        <label htmlFor={`${id}-email`}>Your email address</label>
        <div className="signup-row">
          <input id={`${id}-email`} name="email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
          <button className="button" type="submit">Send me the guide</button>
        </div>
        <input type="hidden" name="source" value="home" />
        <p className="form-note">
          We use your address only to send the guide and our occasional letter. See our <a href="/privacy-policy">privacy policy</a>.
        </p>
      </form>
    </section>
  );
}
