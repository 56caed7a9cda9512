/** One rule of a `_redirects` file. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** Parses `_redirects` (Netlify / Cloudflare Pages format): `from to [status][!]`, `#` comments. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const [from, to, statusText = '301'] = line.split(/\s+/);
    if (!from || !to) continue;
    const force = statusText.endsWith('!');
    const status = Number.parseInt(statusText, 10) || 301;
    rules.push({ from, to, status, force });
  }
  return rules;
}

/**
 * Finds the first rule matching `pathname` and returns its target with `:name` placeholders and
 * the `*` splat filled in.
 */
export function matchRedirect(rules: RedirectRule[], pathname: string): { rule: RedirectRule; to: string } | undefined {
  for (const rule of rules) {
    const params = matchPattern(rule.from, pathname);
    if (!params) continue;
    let to = rule.to.replace(/:splat/g, params.splat ?? '');
    for (const [name, value] of Object.entries(params)) to = to.replace(new RegExp(`:${name}\\b`, 'g'), value);
    return { rule, to };
  }
  return undefined;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (part === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // `/a/*` also matches `/a` itself, as on Netlify.
  const re = new RegExp(`^${source.replace(/\/\(\.\*\)$/, '(?:/(.*))?')}/?$`);
  const m = re.exec(pathname);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  names.forEach((name, i) => (params[name] = m[i + 1] ?? ''));
  return params;
}
