import { useEffect, useRef, useState, type FormEvent } from 'react';
import { siteAddress } from '../lib/site-address.ts';
import { CONSENT, HONEYPOT_FIELD, LIMITS, SUBSCRIBE_REDIRECT_MS, TEXT, validateSubscribe } from '../../site/forms/validate.ts';
import { ConsentLine, FormMessages, Honeypot, formFields, postForm } from '../components/form-parts.tsx';

export interface EmailCaptureProps {
  /** Prefix of the form's element ids, unique on the page. */
  id: string;
  /** The path of the page the form is on, sent as `source`. */
  source: string;
  /** The submit button's text (default: "Send me the guide"). */
  buttonLabel?: string;
}

type Phase = 'idle' | 'invalid' | 'submitting' | 'subscribed' | 'failed';

/**
 * The email capture (docs/product.md, "Forms"). The server HTML is a complete form that posts to the forms
 * function, which redirects to /thank-you. Once hydrated, it checks the address with the shared
 * rules first (nothing is sent when it does not match), sends JSON, and shows each state: the
 * input and button disabled with "Submitting...", then "Thank you" and /thank-you after 1.2 s,
 * or the failure alert with the address kept for another try.
 */
export default function EmailCapture({ id, source, buttonLabel = 'Send me the guide' }: EmailCaptureProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [invalid, setInvalid] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  // The shared rules decide, so every invalid address gets the same alert (the browser's own
  // check would accept `a@b` and answer others in a bubble). Without JavaScript it stays on.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (phase !== 'subscribed') return;
    const timer = setTimeout(() => location.assign(siteAddress('/thank-you')), SUBSCRIBE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'submitting' || phase === 'subscribed') return;
    const form = event.currentTarget;
    const fields = formFields(form);
    const checked = validateSubscribe(fields);
    if (!checked.ok) {
      setInvalid(checked.error);
      setPhase('invalid');
      emailRef.current?.focus();
      return;
    }
    setPhase('submitting');
    const sent = await postForm(siteAddress('/api/subscribe'), {
      email: checked.value.email,
      source: location.pathname,
      [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD] ?? '',
    });
    setPhase(sent ? 'subscribed' : 'failed');
    // Disabling the input dropped the keyboard focus; give it back for another try.
    if (!sent) requestAnimationFrame(() => emailRef.current?.focus());
  };

  const busy = phase === 'submitting' || phase === 'subscribed';
  const failure = phase === 'invalid' ? invalid : phase === 'failed' ? TEXT.subscribeFailed : undefined;
  return (
    <form ref={formRef} className="signup-form" action={siteAddress('/api/subscribe')} method="post" onSubmit={(e) => void onSubmit(e)}>
      <label htmlFor={`${id}-email`}>Your email address</label>
      <div className="signup-row">
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          disabled={busy}
          aria-invalid={phase === 'invalid' ? true : undefined}
          aria-describedby={`${id}-alert`}
        />
        <button className="button" type="submit" disabled={busy}>
          {phase === 'submitting' ? TEXT.submitting : buttonLabel}
        </button>
      </div>
      <Honeypot id={id} />
      <input type="hidden" name="source" value={source} />
      <FormMessages id={id} success={phase === 'subscribed' ? TEXT.subscribed : undefined} failure={failure} />
      <ConsentLine text={CONSENT.subscribe} />
    </form>
  );
}
