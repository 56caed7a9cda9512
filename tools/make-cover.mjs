#!/usr/bin/env node
// Draws a simple cover illustration: `node tools/make-cover.mjs <name> <motif> [width] [height]`
// writes public/images/covers/<name>.svg. Motifs: heart, chat, book, gift, compass, sun, moon,
// flower, key, star, shield, phone, bottle, bolt, drop, ring, leaf, calendar, check, mask.
// Colours and layout are derived from the name, so each cover differs but the set stays in palette.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withDarkVariant } from './svg-dark-variant.mjs';

const [name, motif = 'heart', w = '1200', h = '630', dir = 'public/images/covers'] = process.argv.slice(2);
if (!name) {
  console.error('usage: node tools/make-cover.mjs <name> <motif> [width] [height] [dir]');
  process.exit(2);
}
const W = Number(w);
const H = Number(h);
let seed = [...name].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const palettes = [
  ['#fdf0f3', '#f7d6de', '#a3123a', '#4a1f33', '#e8b64c'],
  ['#fff6ec', '#f9dcc4', '#c2410c', '#4a1f33', '#a3123a'],
  ['#f3f0fb', '#ddd3f5', '#6b3fa0', '#2e1f4a', '#e8b64c'],
  ['#eef7f3', '#cfeadf', '#2f7a4a', '#1f3a2e', '#e8b64c'],
  ['#eef4fb', '#d3e3f5', '#1f5f9e', '#1f2a4a', '#f0a3b5'],
];
const [bg, soft, main, dark, accent] = palettes[Math.floor(rnd() * palettes.length)];
const cx = W * (0.55 + rnd() * 0.2);
const cy = H / 2;
const s = Math.min(W, H) * 0.32;

const shapes = {
  heart: `<path d="M0 ${s * 0.9}C${-s * 1.3} 0 ${-s * 0.9} ${-s} 0 ${-s * 0.35}C${s * 0.9} ${-s} ${s * 1.3} 0 0 ${s * 0.9}z" fill="${main}"/>`,
  chat: `<rect x="${-s}" y="${-s * 0.7}" width="${s * 1.6}" height="${s}" rx="${s * 0.2}" fill="${main}"/><path d="M${-s * 0.6} ${s * 0.3}l${-s * 0.2} ${s * 0.35} ${s * 0.5} ${-s * 0.35}z" fill="${main}"/><rect x="${-s * 0.2}" y="${-s * 0.1}" width="${s * 1.3}" height="${s * 0.8}" rx="${s * 0.18}" fill="${accent}"/>`,
  book: `<path d="M${-s} ${-s * 0.6}h${s * 0.95}v${s * 1.3}h${-s * 0.95}z" fill="${main}"/><path d="M${s * 0.05} ${-s * 0.6}h${s * 0.95}v${s * 1.3}h${-s * 0.95}z" fill="${dark}"/><path d="M${-s * 0.8} ${-s * 0.3}h${s * 0.6}M${-s * 0.8} 0h${s * 0.6}M${s * 0.25} ${-s * 0.3}h${s * 0.6}" stroke="${bg}" stroke-width="${s * 0.06}"/>`,
  gift: `<rect x="${-s * 0.8}" y="${-s * 0.4}" width="${s * 1.6}" height="${s * 1.2}" rx="${s * 0.08}" fill="${main}"/><rect x="${-s * 0.12}" y="${-s * 0.4}" width="${s * 0.24}" height="${s * 1.2}" fill="${accent}"/><rect x="${-s * 0.9}" y="${-s * 0.6}" width="${s * 1.8}" height="${s * 0.3}" fill="${dark}"/><path d="M0 ${-s * 0.6}c${-s * 0.5} ${-s * 0.5} ${-s * 0.7} 0 0 0c${s * 0.5} ${-s * 0.5} ${s * 0.7} 0 0 0" stroke="${accent}" stroke-width="${s * 0.1}" fill="none"/>`,
  compass: `<circle r="${s * 0.9}" fill="${main}"/><circle r="${s * 0.7}" fill="${bg}"/><path d="M0 ${-s * 0.6}L${s * 0.15} 0 0 ${s * 0.6} ${-s * 0.15} 0z" fill="${dark}"/><circle r="${s * 0.08}" fill="${accent}"/>`,
  sun: `<circle r="${s * 0.5}" fill="${accent}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${-s * 0.04}" y="${-s * 0.95}" width="${s * 0.08}" height="${s * 0.25}" rx="${s * 0.04}" fill="${main}" transform="rotate(${i * 30})"/>`).join('')}`,
  moon: `<circle r="${s * 0.8}" fill="${accent}"/><circle cx="${s * 0.35}" cy="${-s * 0.2}" r="${s * 0.7}" fill="${bg}"/><circle cx="${s * 0.7}" cy="${s * 0.5}" r="${s * 0.06}" fill="${main}"/>`,
  flower: `${Array.from({ length: 6 }, (_, i) => `<ellipse cy="${-s * 0.45}" rx="${s * 0.25}" ry="${s * 0.45}" fill="${main}" transform="rotate(${i * 60})"/>`).join('')}<circle r="${s * 0.25}" fill="${accent}"/>`,
  key: `<circle cx="${-s * 0.5}" r="${s * 0.35}" fill="none" stroke="${main}" stroke-width="${s * 0.16}"/><path d="M${-s * 0.15} 0h${s * 1.1}v${s * 0.3}M${s * 0.7} 0v${s * 0.22}" stroke="${main}" stroke-width="${s * 0.16}" fill="none"/>`,
  star: `<path d="M0 ${-s}L${s * 0.24} ${-s * 0.3} ${s * 0.95} ${-s * 0.3} ${s * 0.38} ${s * 0.12} ${s * 0.6} ${s * 0.85} 0 ${s * 0.42} ${-s * 0.6} ${s * 0.85} ${-s * 0.38} ${s * 0.12} ${-s * 0.95} ${-s * 0.3} ${-s * 0.24} ${-s * 0.3}z" fill="${accent}"/>`,
  shield: `<path d="M0 ${-s * 0.9}L${s * 0.75} ${-s * 0.6}V${s * 0.05}C${s * 0.75} ${s * 0.5} ${s * 0.35} ${s * 0.75} 0 ${s * 0.95}C${-s * 0.35} ${s * 0.75} ${-s * 0.75} ${s * 0.5} ${-s * 0.75} ${s * 0.05}V${-s * 0.6}z" fill="${main}"/><path d="M${-s * 0.3} 0l${s * 0.22} ${s * 0.22} ${s * 0.42} ${-s * 0.45}" stroke="${bg}" stroke-width="${s * 0.12}" fill="none"/>`,
  phone: `<rect x="${-s * 0.45}" y="${-s * 0.9}" width="${s * 0.9}" height="${s * 1.8}" rx="${s * 0.15}" fill="${dark}"/><rect x="${-s * 0.37}" y="${-s * 0.75}" width="${s * 0.74}" height="${s * 1.4}" rx="${s * 0.05}" fill="${soft}"/><path d="M0 ${s * 0.25}C${-s * 0.45} 0 ${-s * 0.3} ${-s * 0.4} 0 ${-s * 0.15}C${s * 0.3} ${-s * 0.4} ${s * 0.45} 0 0 ${s * 0.25}z" fill="${main}"/>`,
  bottle: `<rect x="${-s * 0.3}" y="${-s * 0.95}" width="${s * 0.6}" height="${s * 0.3}" fill="${dark}"/><rect x="${-s * 0.6}" y="${-s * 0.6}" width="${s * 1.2}" height="${s * 1.5}" rx="${s * 0.25}" fill="${main}"/><rect x="${-s * 0.4}" y="${-s * 0.1}" width="${s * 0.8}" height="${s * 0.5}" rx="${s * 0.06}" fill="${bg}"/>`,
  bolt: `<path d="M${s * 0.15} ${-s}L${-s * 0.55} ${s * 0.15}H${-s * 0.05}L${-s * 0.2} ${s}L${s * 0.55} ${-s * 0.15}H${s * 0.05}z" fill="${accent}"/>`,
  drop: `<path d="M0 ${-s}C${s * 0.2} ${-s * 0.5} ${s * 0.7} ${-s * 0.1} ${s * 0.7} ${s * 0.3}A${s * 0.7} ${s * 0.7} 0 0 1 ${-s * 0.7} ${s * 0.3}C${-s * 0.7} ${-s * 0.1} ${-s * 0.2} ${-s * 0.5} 0 ${-s}z" fill="${main}"/>`,
  ring: `<circle r="${s * 0.7}" fill="none" stroke="${accent}" stroke-width="${s * 0.16}"/><path d="M${-s * 0.25} ${-s * 0.75}L0 ${-s * 1.05} ${s * 0.25} ${-s * 0.75}z" fill="${main}"/>`,
  leaf: `<path d="M${-s * 0.8} ${s * 0.8}C${-s * 0.8} ${-s * 0.4} ${-s * 0.1} ${-s * 0.9} ${s * 0.9} ${-s * 0.9}C${s * 0.9} ${s * 0.2} ${s * 0.3} ${s * 0.8} ${-s * 0.8} ${s * 0.8}z" fill="${main}"/><path d="M${-s * 0.8} ${s * 0.8}L${s * 0.5} ${-s * 0.5}" stroke="${bg}" stroke-width="${s * 0.06}"/>`,
  calendar: `<rect x="${-s * 0.8}" y="${-s * 0.7}" width="${s * 1.6}" height="${s * 1.5}" rx="${s * 0.1}" fill="${bg}" stroke="${dark}" stroke-width="${s * 0.08}"/><rect x="${-s * 0.8}" y="${-s * 0.7}" width="${s * 1.6}" height="${s * 0.4}" fill="${main}"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${-s * 0.6 + (i % 3) * s * 0.45}" y="${-s * 0.15 + Math.floor(i / 3) * s * 0.3}" width="${s * 0.3}" height="${s * 0.18}" fill="${i === 4 ? accent : soft}"/>`).join('')}`,
  check: `<circle r="${s * 0.9}" fill="${main}"/><path d="M${-s * 0.4} 0l${s * 0.28} ${s * 0.3} ${s * 0.55} ${-s * 0.6}" stroke="${bg}" stroke-width="${s * 0.16}" fill="none" stroke-linecap="round"/>`,
  mask: `<path d="M${-s} ${-s * 0.3}C${-s * 0.5} ${-s * 0.5} ${s * 0.5} ${-s * 0.5} ${s} ${-s * 0.3}C${s * 0.9} ${s * 0.5} ${s * 0.3} ${s * 0.6} 0 ${s * 0.2}C${-s * 0.3} ${s * 0.6} ${-s * 0.9} ${s * 0.5} ${-s} ${-s * 0.3}z" fill="${main}"/><ellipse cx="${-s * 0.45}" rx="${s * 0.2}" ry="${s * 0.12}" fill="${bg}"/><ellipse cx="${s * 0.45}" rx="${s * 0.2}" ry="${s * 0.12}" fill="${bg}"/>`,
};
if (!shapes[motif]) {
  console.error(`unknown motif "${motif}"; one of: ${Object.keys(shapes).join(', ')}`);
  process.exit(2);
}
const blobs = Array.from({ length: 5 }, () => {
  const r = (0.08 + rnd() * 0.22) * H;
  return `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(rnd() * H).toFixed(0)}" r="${r.toFixed(0)}" fill="${rnd() < 0.5 ? soft : bg}" opacity="0.9"/>`;
}).join('');
const hearts = Array.from({ length: 4 }, () => {
  const x = (rnd() * W * 0.45).toFixed(0);
  const y = (rnd() * H).toFixed(0);
  const k = (0.4 + rnd() * 0.8).toFixed(2);
  return `<path transform="translate(${x} ${y}) scale(${k})" d="M0 18C-26 0-18-20 0-7 18-20 26 0 0 18z" fill="${rnd() < 0.5 ? main : accent}" opacity="0.35"/>`;
}).join('');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${bg}"/>${blobs}${hearts}<circle cx="${cx.toFixed(0)}" cy="${cy}" r="${(s * 1.35).toFixed(0)}" fill="${soft}"/><g transform="translate(${cx.toFixed(0)} ${cy})">${shapes[motif]}</g></svg>\n`;
const out = join(dir, `${name}.svg`);
mkdirSync(dir, { recursive: true });
// With its dark variant, so a drawing is never a bright tile on a dark page.
writeFileSync(out, withDarkVariant(svg.replace(/(\d+\.\d{2})\d+/g, '$1')));
console.log(`wrote ${out}`);
