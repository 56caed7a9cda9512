#!/usr/bin/env node
// Gives a drawn SVG of tools/make-cover.mjs's palettes a dark variant inside the file:
// `node tools/svg-dark-variant.mjs <file.svg>...` rewrites each file in place (a file that already
// has one is left as it is). The drawing keeps its colours as attributes; a
// `prefers-color-scheme: dark` rule maps each palette colour to its dark partner (a CSS `fill` or
// `stroke` outranks the attribute), so the picture follows the page's scheme even as an <img>,
// instead of being a bright tile on a dark page.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Light palette colour → dark partner: backgrounds go dark, ink goes light, accents stay bright. */
const DARK = {
  // rose
  '#fdf0f3': '#2a1a20',
  '#f7d6de': '#4a2a36',
  '#a3123a': '#ff8fab',
  '#4a1f33': '#f5c4d3',
  '#e8b64c': '#f0c35e',
  // peach
  '#fff6ec': '#2a2018',
  '#f9dcc4': '#4a3426',
  '#c2410c': '#fb9a6a',
  // lilac
  '#f3f0fb': '#1f1a2b',
  '#ddd3f5': '#3a3052',
  '#6b3fa0': '#c4a6f0',
  '#2e1f4a': '#e3dbf7',
  // sage
  '#eef7f3': '#15241d',
  '#cfeadf': '#24402f',
  '#2f7a4a': '#6fd394',
  '#1f3a2e': '#d5efe0',
  // sky
  '#eef4fb': '#161f2b',
  '#d3e3f5': '#263850',
  '#1f5f9e': '#7cb8ee',
  '#1f2a4a': '#dbe6f7',
  '#f0a3b5': '#f0a3b5',
  // the site's own paper, line and deep rose (the landing pages' drawings)
  '#fffaf7': '#241a1f',
  '#ead8dd': '#47333d',
  '#7d0d2c': '#ffb8c9',
};

/** The SVG with a dark-scheme <style> for the palette colours it uses (unchanged if it has one). */
export function withDarkVariant(svg) {
  if (svg.includes('prefers-color-scheme')) return svg;
  const rules = [];
  for (const attr of ['fill', 'stroke']) {
    const used = new Set([...svg.matchAll(new RegExp(`${attr}="(#[0-9a-f]{6})"`, 'gi'))].map((m) => m[1].toLowerCase()));
    for (const colour of [...used].sort()) {
      if (DARK[colour] && DARK[colour] !== colour) rules.push(`[${attr}="${colour}"]{${attr}:${DARK[colour]}}`);
    }
  }
  if (rules.length === 0) return svg;
  return svg.replace(/(<svg\b[^>]*>)/, `$1<style>@media (prefers-color-scheme:dark){${rules.join('')}}</style>`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node tools/svg-dark-variant.mjs <file.svg>...');
    process.exit(2);
  }
  for (const file of files) {
    const before = readFileSync(file, 'utf8');
    const after = withDarkVariant(before);
    if (after !== before) writeFileSync(file, after);
    console.log(`${file}: ${after === before ? 'unchanged' : 'dark variant added'}`);
  }
}
