#!/usr/bin/env node
// Draws each piece's cover: `node tools/draw-covers.mjs` writes public/images/covers/<name>.svg
// for every recipe in tools/covers/recipes.mjs (what the cover shows, built from the shapes in
// tools/covers/shapes.mjs), and sets the `coverAlt` of every piece that uses one to the recipe's
// alt text. `--check` changes nothing and exits 1 when a cover or an alt text is out of date, a
// piece's cover has no recipe, or two recipes draw the same scene.
//
// The SVG is 1200×400 (wide and shallow, so a cover takes little of the first screen), the same
// bytes for the same recipe, with a dark variant inside it: its colours are classes, and a
// `prefers-color-scheme: dark` rule swaps them, wherever the picture is shown.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECIPES } from './covers/recipes.mjs';
import * as shapes from './covers/shapes.mjs';

const W = 1200;
const H = 400;
const OUT = 'public/images/covers';
const SITE_PATH = '/images/covers/';

/** Light and dark colours per palette: background, soft, main, ink, accent, paper, mid (lines). */
const PALETTES = {
  rose: { light: ['#fdf0f3', '#f7d6de', '#a3123a', '#4a1f33', '#e8b64c', '#ffffff', '#d98aa0'], dark: ['#2a1b22', '#4a2634', '#ff8fab', '#f5d3de', '#f0c35e', '#6e4656', '#b0687f'] },
  peach: { light: ['#fff4ea', '#f9dcc4', '#c2410c', '#4a1f33', '#e8b64c', '#ffffff', '#e0a27c'], dark: ['#2b1d17', '#4d3024', '#ffa27a', '#f7dccd', '#f0c35e', '#6e5040', '#b87a58'] },
  lilac: { light: ['#f4f0fb', '#ddd3f5', '#6b3fa0', '#2e1f4a', '#e8b64c', '#ffffff', '#a994d0'], dark: ['#1f1a2b', '#3a3052', '#c4a6f0', '#e3dbf7', '#f0c35e', '#574a74', '#8e7bb8'] },
  mint: { light: ['#eef7f3', '#cfeadf', '#2f7a4a', '#1f3a2e', '#e8b64c', '#ffffff', '#8cc3a4'], dark: ['#15231c', '#27443a', '#7fd19f', '#d3efe0', '#f0c35e', '#3f6354', '#5f9c7e'] },
  sky: { light: ['#eef4fb', '#d3e3f5', '#1f5f9e', '#1f2a4a', '#f0a3b5', '#ffffff', '#8fb3dc'], dark: ['#161e2b', '#283a52', '#8fbff0', '#d8e6f7', '#f5b3c4', '#405676', '#6a8fbd'] },
};
/** Colours that mean the same in every palette: green (a good sign, plants), red (a warning), water. */
const FIXED = { light: { g: '#2f8a4f', r: '#c62828', w: '#3b82c4' }, dark: { g: '#6fd394', r: '#ff8a80', w: '#7cb8ee' } };

function css([b, s, m, k, a, p, mid], fixed) {
  const fill = { b, s, t: mid, m, k, a, p, ...fixed };
  const stroke = { sk: k, sp: p, sa: a, sm: m, ss: mid, sg: fixed.g, sw: fixed.w };
  return [...Object.entries(fill).map(([c, v]) => `.${c}{fill:${v}}`), ...Object.entries(stroke).map(([c, v]) => `.${c}{stroke:${v}}`)].join('');
}

/** A small random source seeded by the cover's name: the same name, the same decoration. */
function seeded(name) {
  let seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 2166136261);
  return () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
}

/** What an option that names a drawing (a phone's screen, a bubble's content) draws. */
const INNER = {
  star: () => `<g transform="scale(.3)">${shapes.star({ cls: 'p' })}</g>`,
  heart: () => `<g transform="translate(0 -6) scale(.26)">${shapes.heart({ cls: 'p' })}</g>`,
  dots: () => shapes.dots(),
  tick: () => shapes.tick(),
  broken: () => `<g transform="translate(10 -10) scale(.5)">${shapes.brokenHeart()}</g>`,
  bolt: () => `<g transform="translate(6 0) scale(.5)">${shapes.bolt({ cls: 'p' })}</g>`,
  bubble: () => `<g transform="translate(8 -10) scale(.55)">${shapes.bubble({ cls: 'p', inner: shapes.dots({ cls: 'm' }) })}</g>`,
  swipe: () => shapes.swipeScreen(),
  call: () => shapes.videoCall(),
  texts: () =>
    `<g transform="translate(-6 -62) scale(.5)">${shapes.bubble({ cls: 's', side: 'left', inner: shapes.dots({ cls: 'p' }) })}</g>` +
    `<g transform="translate(8 -6) scale(.5)">${shapes.bubble({ cls: 'a', side: 'right', w: 130 })}</g>` +
    `<g transform="translate(-4 52) scale(.55)">${shapes.bubble({ cls: 'm', side: 'left', inner: INNER.heart() })}</g>`,
  mistakes: () =>
    `<g transform="translate(-2 -46) scale(.58)">${shapes.bubble({ cls: 'r', side: 'left', inner: shapes.cross() })}</g>` +
    `<g transform="translate(2 44) scale(.58)">${shapes.bubble({ cls: 'g', side: 'right', inner: shapes.tick() })}</g>`,
};

/** A scene's options with the named drawings drawn. */
function withInner(options = {}) {
  const out = { ...options };
  for (const key of ['inner', 'screen', 'mark']) if (typeof out[key] === 'string') out[key] = INNER[out[key]]();
  return out;
}

/** Small hearts, dots and sparkles at the sides, away from the subject, placed by the name. */
function decoration(name) {
  const rnd = seeded(name);
  const items = [];
  for (let i = 0; i < 9; i++) {
    const left = i % 2 === 0;
    const x = left ? 40 + rnd() * 280 : 880 + rnd() * 280;
    const y = 30 + rnd() * 340;
    const k = 0.08 + rnd() * 0.14;
    const kind = Math.floor(rnd() * 3);
    const cls = rnd() < 0.7 ? 's' : 'a';
    const drawn = kind === 0 ? shapes.heart({ cls }) : kind === 1 ? `<circle r="60" class="${cls}"/>` : shapes.sparkle({ cls });
    items.push(`<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${k.toFixed(2)})" opacity=".8">${drawn}</g>`);
  }
  const arc = `<path class="s" d="M0 ${H}C${200 + rnd() * 100} ${300 + rnd() * 40} ${900 - rnd() * 100} ${300 + rnd() * 40} ${W} ${H}z" opacity=".55"/>`;
  return arc + items.join('');
}

/** One cover's SVG. */
export function drawCover(name, recipe) {
  const palette = PALETTES[recipe.palette];
  if (!palette) throw new Error(`${name}: unknown palette "${recipe.palette}" (one of ${Object.keys(PALETTES).join(', ')})`);
  const scene = recipe.scene.map(([shape, x, y, scale, rotate = 0, options]) => {
    if (!shapes[shape]) throw new Error(`${name}: unknown shape "${shape}" (see tools/covers/shapes.mjs)`);
    return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})">${shapes[shape](withInner(options))}</g>`;
  });
  const style = `${css(palette.light, FIXED.light)}@media (prefers-color-scheme:dark){${css(palette.dark, FIXED.dark)}}`;
  const alt = recipe.alt.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="title">` +
    `<title id="title">${alt}</title><style>${style}</style><rect class="b" width="${W}" height="${H}"/>` +
    `<circle cx="600" cy="200" r="178" class="s"/>${decoration(name)}${scene.join('')}</svg>\n`
  );
}

/** Every piece whose cover is one of the drawn covers: file, cover name and alt text as written. */
function pieces() {
  const found = [];
  for (const folder of ['articles', 'guides', 'gifts', 'reviews']) {
    const dir = join('content', folder);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.md')).sort()) {
      const file = join(dir, f);
      const front = readFileSync(file, 'utf8').split(/^---$/m)[1] ?? '';
      const image = /^coverImage:\s*(\S+)\s*$/m.exec(front)?.[1];
      const alt = /^coverAlt:\s*(.*)$/m.exec(front)?.[1];
      if (image?.startsWith(SITE_PATH)) found.push({ file, name: image.slice(SITE_PATH.length, -'.svg'.length), alt: alt && JSON.parse(alt.startsWith('"') ? alt : JSON.stringify(alt)) });
    }
  }
  for (const promo of JSON.parse(readFileSync('content/data/promos.json', 'utf8'))) {
    if (promo.coverImage?.startsWith(SITE_PATH)) found.push({ file: 'content/data/promos.json', name: promo.coverImage.slice(SITE_PATH.length, -'.svg'.length), alt: promo.coverAlt, json: promo.id });
  }
  return found;
}

/** Writes `alt` as the `coverAlt` of a Markdown file or of a promo in promos.json. */
function writeAlt(piece, alt) {
  const text = readFileSync(piece.file, 'utf8');
  if (piece.json) {
    const promos = JSON.parse(text).map((p) => (p.id === piece.json ? { ...p, coverAlt: alt } : p));
    writeFileSync(piece.file, `${JSON.stringify(promos, null, 2)}\n`);
  } else {
    writeFileSync(piece.file, text.replace(/^coverAlt:.*$/m, `coverAlt: ${JSON.stringify(alt)}`));
  }
}

function main(check) {
  const problems = [];
  const seen = new Map();
  for (const [name, recipe] of Object.entries(RECIPES)) {
    const scene = JSON.stringify(recipe.scene);
    if (seen.has(scene)) problems.push(`${name} draws the same scene as ${seen.get(scene)}: give each piece a picture of its own subject`);
    seen.set(scene, name);
    const svg = drawCover(name, recipe);
    const file = join(OUT, `${name}.svg`);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === svg) continue;
    if (check) problems.push(`${file} is out of date: run node tools/draw-covers.mjs`);
    else writeFileSync(file, svg);
  }
  for (const piece of pieces()) {
    const recipe = RECIPES[piece.name];
    if (!recipe) {
      problems.push(`${piece.file}: the cover ${SITE_PATH}${piece.name}.svg has no recipe in tools/covers/recipes.mjs`);
      continue;
    }
    if (piece.alt === recipe.alt) continue;
    if (check) problems.push(`${piece.file}${piece.json ? ` (${piece.json})` : ''}: coverAlt differs from the recipe's alt text: run node tools/draw-covers.mjs`);
    else writeAlt(piece, recipe.alt);
  }
  for (const p of problems) console.error(p);
  const hashes = new Set(Object.keys(RECIPES).map((n) => createHash('sha256').update(drawCover(n, RECIPES[n])).digest('hex')));
  if (!problems.length) console.log(`${check ? 'Checked' : 'Drew'} ${Object.keys(RECIPES).length} covers (${hashes.size} different) in ${OUT}/.`);
  return problems.length ? 1 : 0;
}

process.exitCode = main(process.argv.includes('--check'));
