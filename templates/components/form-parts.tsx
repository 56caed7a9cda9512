import type { ReactNode } from 'react';
import { siteAddress } from '../lib/site-address.ts';
import { HONEYPOT_FIELD } from '../../site/forms/validate.ts';
import { StatusIcon } from './icons.tsx';

/**
 * Pieces both form islands share: the consent line, the honeypot, the two message regions and
 * the request. They render the same on the server and in the browser, so hydration matches.
 */

const POLICY = 'privacy policy';

/** A consent sentence from `CONSENT`, with its words "privacy policy" as a link to /privacy-policy. */
export function ConsentLine({ text }: { text: string }) {
  const at = text.lastIndexOf(POLICY);
  if (at === -1) {
    return (
      <p className="form-note">
        {text} <a href={siteAddress('/privacy-policy')}>Privacy policy</a>
      </p>
    );
  }
  return (
    <p className="form-note">
      {text.slice(0, at)}
      <a href={siteAddress('/privacy-policy')}>{POLICY}</a>
      {text.slice(at + POLICY.length)}
    </p>
  );
}

/**
 * The field bots fill in and people leave empty. It is out of sight and out of the tab order;
 * a screen reader that does reach it reads a label saying to leave it empty.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <p className="visually-hidden">
      <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty (it is a trap for spam robots)</label>
      <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </p>
  );
}

/**
 * The success and failure messages, each with a drawn mark (not an emoji, which many systems
 * cannot show). Both regions are in the page from the start, empty, so that screen readers
 * announce what is put into them: the status politely, the alert at once. The alert is a `div`:
 * a form with several fields to correct lists them all there.
 */
export function FormMessages({ id, success, failure }: { id: string; success?: string; failure?: ReactNode }) {
  return (
    <>
      <p id={`${id}-status`} className="form-message form-success" role="status">
        {success ? <><StatusIcon kind="yes" />{success}</> : null}
      </p>
      <div id={`${id}-alert`} className="form-message form-error" role="alert">
        {failure ? <><StatusIcon kind="no" />{failure}</> : null}
      </div>
    </>
  );
}

/**
 * Sends fields as JSON to the forms function. True only for a 2xx answer: any other status or a
 * network failure counts as "not sent", and the island says so.
 */
export async function postForm(path: string, body: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    // Read the answer to the end: a page that moves on (to /thank-you) would otherwise abort it.
    await response.text();
    return response.ok;
  } catch {
    return false;
  }
}

/** A form's fields as strings (files, which these forms never have, become empty). */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) fields[key] = typeof value === 'string' ? value : '';
  return fields;
}

