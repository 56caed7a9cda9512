// The forms' shared validation (site/forms/validate.ts), which the islands run in the browser and the
// forms function runs on the server. The function's behaviour around it is in tests/functions/.
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, LIMITS, checkSource, validateContact, validateSubscribe } from '../../site/forms/validate.ts';

const contact = { name: 'Ann', email: 'ann@example.com', message: 'Hello' };

/** Every string character written as `\uXXXX`: the longest JSON for a value. */
const escapedJson = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([k, v]) => `"${k}":"${[...Array(v.length).keys()].map((i) => `\\u${v.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`)
    .join(',')}}`;

describe('the body limit', () => {
  // Every field at its limit in 4-byte characters, the honeypot present and empty.
  const largest = {
    name: '💌'.repeat(LIMITS.name),
    email: `${'💌'.repeat(LIMITS.email - '@example.com'.length)}@example.com`,
    message: '💌'.repeat(LIMITS.message),
    source: `/${'💌'.repeat((LIMITS.source - 1) >> 1)}`,
    website: '',
  };

  it('holds the largest valid form in its longest encoding, as a form post and as escaped JSON', () => {
    expect(validateContact(largest)).toMatchObject({ ok: true, value: { source: largest.source } });
    const bytes = (s: string) => new TextEncoder().encode(s).byteLength;
    expect(bytes(new URLSearchParams(largest).toString())).toBeLessThanOrEqual(LIMITS.bodyBytes);
    expect(bytes(escapedJson(largest))).toBeLessThanOrEqual(LIMITS.bodyBytes);
    expect(bytes(JSON.stringify(largest))).toBeLessThanOrEqual(LIMITS.bodyBytes);
  });
});

describe('validateContact', () => {
  it.each([
    ['emoji', '💌'],
    ['CJK', '愛'],
    ['Cyrillic', 'Ж'],
  ])('takes a message of 5,000 %s characters and refuses 5,001', (_, c) => {
    expect(validateContact({ ...contact, message: c.repeat(5000) })).toMatchObject({ ok: true });
    expect(validateContact({ ...contact, message: c.repeat(5001) })).toEqual({
      ok: false,
      field: 'message',
      error: 'The message is too long (at most 5000 characters).',
    });
  });

  it('counts a CRLF line break as one character, as the browser does for maxlength', () => {
    expect(validateContact({ ...contact, message: `${'a'.repeat(4998)}\r\nb` })).toMatchObject({ ok: true });
    expect(validateContact({ ...contact, message: `${'a'.repeat(4999)}\r\nb` })).toMatchObject({ ok: false, field: 'message' });
  });

  it('keeps tabs, line breaks and Unicode line separators in a message', () => {
    const message = 'One\ttab\r\nCRLF\nLF\rCR\u2028LS\u2029PS 👋🏽 👩‍❤️‍👨 עברית';
    expect(validateContact({ ...contact, message })).toEqual({ ok: true, value: { ...contact, message, source: null } });
  });

  it.each(['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f'])(
    'refuses a message with the control character %j, naming it',
    (c) => {
      const code = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      expect(validateContact({ ...contact, message: `hi${c}there` })).toEqual({
        ok: false,
        field: 'message',
        error: `The message contains a character that cannot be stored (${code}); please remove it. Line breaks and tabs are fine.`,
      });
    },
  );

  it.each(['\t', '\n', '\r', '\u0085', '\u2028', '\u2029', '\u0001', '\u007f', '\u009b'])('refuses a name with %j', (c) => {
    expect(validateContact({ ...contact, name: `Ann${c}Smith` })).toMatchObject({ ok: false, field: 'name' });
  });

  it('takes names in any script', () => {
    for (const name of ['Zoë 李', "Siobhán O'Brien", 'محمد', 'Анна-Мария', 'Jo 👋']) {
      expect(validateContact({ ...contact, name })).toMatchObject({ ok: true, value: { name } });
    }
  });
});

describe('the email rule', () => {
  const refused = {
    'U+0085 next line': '\u0085',
    'U+2028 line separator': '\u2028',
    'U+2029 paragraph separator': '\u2029',
    'U+200B zero-width space': '\u200b',
    'U+200C zero-width non-joiner': '\u200c',
    'U+200D zero-width joiner': '\u200d',
    'U+2060 word joiner': '\u2060',
    'U+FEFF byte order mark': '\ufeff',
    'U+00AD soft hyphen': '\u00ad',
    'U+180E Mongolian vowel separator': '\u180e',
    'U+00A0 no-break space': '\u00a0',
    'U+2009 thin space': '\u2009',
    'U+3000 ideographic space': '\u3000',
    'U+200E left-to-right mark': '\u200e',
    'U+200F right-to-left mark': '\u200f',
    'U+202E right-to-left override': '\u202e',
    'U+2066 left-to-right isolate': '\u2066',
    'U+061C Arabic letter mark': '\u061c',
    'U+0000 NUL': '\u0000',
    'U+001B escape': '\u001b',
    'U+007F DEL': '\u007f',
    'U+0080 C1 padding': '\u0080',
    'U+009B C1 CSI': '\u009b',
    tab: '\t',
    'line feed': '\n',
  };

  it.each(Object.entries(refused))('refuses %s inside an address, in the pattern and the validator', (_, c) => {
    for (const email of [`ann${c}@example.com`, `ann@exa${c}mple.com`, `ann@example.c${c}om`]) {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
      expect(validateSubscribe({ email })).toMatchObject({ ok: false, field: 'email' });
    }
  });

  it('names an invisible character, and keeps the plain message for a typed space', () => {
    expect(validateSubscribe({ email: 'ann\u200b@example.com' })).toEqual({
      ok: false,
      field: 'email',
      error: 'The email address contains a space or an invisible character (U+200B); please type the address again.',
    });
    expect(validateSubscribe({ email: 'ann smith@example.com' })).toEqual({ ok: false, field: 'email', error: 'Please enter a valid email address.' });
  });

  it('still takes international and unusual but valid addresses', () => {
    for (const email of ['zoë@exämple.com', '用户@例子.广告', 'ann+tag@example.co.uk', 'o\'brien@example.ie', 'иван@пример.рф', '💌@example.com']) {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
      expect(validateSubscribe({ email })).toEqual({ ok: true, value: { email, source: null } });
    }
  });
});

describe('checkSource', () => {
  it('drops a page path with a control, space or invisible character', () => {
    expect(checkSource('/guides/first-date')).toBe('/guides/first-date');
    for (const c of ['\u0085', '\u2028', '\u200b', '\u00a0', '\u202e', '\u007f', ' ', '\\']) expect(checkSource(`/guides${c}x`)).toBeNull();
  });
});
