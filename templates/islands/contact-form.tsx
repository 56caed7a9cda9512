import { useEffect, useRef, useState, type FormEvent } from 'react';
import { siteAddress } from '../lib/site-address.ts';
import { CONSENT, HONEYPOT_FIELD, LIMITS, TEXT, validateContact } from '../../site/forms/validate.ts';
import { ConsentLine, FormMessages, Honeypot, formFields, postForm } from '../components/form-parts.tsx';
import { StatusIcon } from '../components/icons.tsx';

export interface ContactFormProps {
  /** Prefix of the form's element ids, unique on the page. */
  id: string;
  /** The path of the page the form is on, sent as `source`. */
  source: string;
}

type Phase = 'idle' | 'invalid' | 'sending' | 'sent' | 'failed';
type Field = 'name' | 'email' | 'message';
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['name', 'email', 'message'];
/** A value each field accepts, so the shared rules can be asked about one field at a time. */
const ACCEPTED: Record<Field, string> = { name: 'A', email: 'a@example.com', message: 'A' };

/**
 * Every field's own error, in form order: `validateContact` stops at the first bad field, so each
 * field is checked with the others set to an accepted value.
 */
export function fieldErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const checked = validateContact({ ...ACCEPTED, [field]: fields[field] ?? '' });
    if (!checked.ok && checked.field === field) errors[field] = checked.error;
  }
  return errors;
}

/**
 * The contact form (docs/product.md, "Forms"). The server HTML is a complete form that posts to the forms
 * function, which redirects back to /contact?sent=1 (the `#sent` in the action survives the
 * redirect, see templates/pages/contact.tsx). Once hydrated, it checks the fields with the shared
 * rules, sends JSON with the fields and the button disabled ("Sending..."), then shows
 * "Message sent!" and clears the fields, or the failure alert and keeps everything typed.
 */
export default function ContactForm({ id, source }: ContactFormProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The shared rules decide and say what is missing in the alert; without JavaScript the
  // browser's own check (`required`, `type="email"`) stays on.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    const form = event.currentTarget;
    const fields = formFields(form);
    const checked = validateContact(fields);
    if (!checked.ok) {
      const found = fieldErrors(fields);
      if (!found[checked.field as Field]) found[checked.field as Field] = checked.error;
      setErrors(found);
      setPhase('invalid');
      // The first field to correct, in form order; its own error is read with it (aria-describedby).
      const first = FIELDS.find((f) => found[f]) ?? checked.field;
      form.querySelector<HTMLElement>(`#${id}-${first}`)?.focus();
      return;
    }
    setPhase('sending');
    const { name, email, message } = checked.value;
    const sent = await postForm(siteAddress('/api/contact'), { name, email, message, source: location.pathname, [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD] ?? '' });
    if (sent) form.reset();
    setPhase(sent ? 'sent' : 'failed');
    // Disabling the button dropped the keyboard focus; put it back where the visitor was.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) buttonRef.current?.focus();
    });
  };

  const sending = phase === 'sending';
  const errorOf = (field: Field) => (phase === 'invalid' ? errors[field] : undefined);
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    disabled: sending,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `${id}-${field}-error` : undefined,
  });
  // Next to its field, so a phone shows it where the visitor is looking (the alert is under the button).
  const fieldError = (field: Field) =>
    errorOf(field) ? <span className="field-error" id={`${id}-${field}-error`}><StatusIcon kind="no" />{errorOf(field)}</span> : null;
  const failure = phase === 'invalid' ? <ErrorSummary id={id} errors={errors} /> : phase === 'failed' ? TEXT.sendFailed : undefined;
  return (
    <form ref={formRef} className="contact-form" action={siteAddress('/api/contact#sent')} method="post" onSubmit={(e) => void onSubmit(e)}>
      <p className="field">
        <label htmlFor={`${id}-name`}>Your name</label>
        <input {...fieldProps('name')} type="text" autoComplete="name" maxLength={LIMITS.name} />
        {fieldError('name')}
      </p>
      <p className="field">
        <label htmlFor={`${id}-email`}>Your email address</label>
        <input {...fieldProps('email')} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} />
        {fieldError('email')}
      </p>
      <p className="field">
        <label htmlFor={`${id}-message`}>Your message</label>
        <textarea {...fieldProps('message')} rows={7} maxLength={LIMITS.message} />
        {fieldError('message')}
      </p>
      <Honeypot id={id} />
      <input type="hidden" name="source" value={source} />
      <ConsentLine text={CONSENT.contact} />
      <p className="form-actions">
        <button ref={buttonRef} className="button" type="submit" disabled={sending}>
          {sending ? TEXT.sending : 'Send message'}
        </button>
      </p>
      <FormMessages id={id} success={phase === 'sent' ? TEXT.sent : undefined} failure={failure} />
    </form>
  );
}

/**
 * What to correct, under the button: the one error as a sentence, or, with several, every one of
 * them as a link to its field (the first field has focus already; the others are one click away).
 */
function ErrorSummary({ id, errors }: { id: string; errors: FieldErrors }) {
  const listed = (Object.keys(errors) as Field[]).sort((a, b) => FIELDS.indexOf(a) - FIELDS.indexOf(b));
  if (listed.length === 1) return <>{errors[listed[0]]}</>;
  return (
    <>
      Please correct these {listed.length} fields:
      <ul className="error-summary">
        {listed.map((f) => (
          <li key={f}>{FIELDS.includes(f) ? <a href={`#${id}-${f}`}>{errors[f]}</a> : errors[f]}</li>
        ))}
      </ul>
    </>
  );
}
