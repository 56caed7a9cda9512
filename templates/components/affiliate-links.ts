/** Whether rendered HTML carries an affiliate link (an `<a>` whose rel includes `sponsored`). */
export function hasAffiliateLinks(html: string): boolean {
  return /<a\s[^>]*\brel="[^"]*\bsponsored\b/.test(html);
}
