#!/usr/bin/env node
// Makes a short, silent slideshow video from text slides:
//   node tools/make-video.mjs <out.mp4> <slides.json>
// slides.json: [{ "title": "…", "text": "…" }, …]. Each slide is drawn by Chromium (Debian's
// /usr/bin/chromium), shown for 4 seconds, and encoded by ffmpeg as H.264 at 640×360 (yuv420p,
// faststart) so every browser plays it. Needs `apt-get install chromium ffmpeg`; run by hand when
// a video's script changes, and commit the result under public/videos/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTestPackage } from './test-package.mjs';

// playwright-core is a test package (tests/package.json), installed by the test set-up.
const { chromium } = requireTestPackage('playwright-core');

const [out, slidesFile] = process.argv.slice(2);
if (!out || !slidesFile) {
  console.error('usage: node tools/make-video.mjs <out.mp4> <slides.json>');
  process.exit(2);
}
const slides = JSON.parse(readFileSync(slidesFile, 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'heartnotes-video-'));
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const browser = await chromium.launchPersistentContext(join(work, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 640, height: 360 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--proxy-server=http://127.0.0.1:9'],
});
try {
  const page = await browser.newPage();
  for (const [i, slide] of slides.entries()) {
    await page.setContent(`<!doctype html><html><body style="margin:0;width:640px;height:360px;display:flex;flex-direction:column;justify-content:center;padding:0 48px;box-sizing:border-box;background:linear-gradient(150deg,#fdf0f3,#fffaf7 70%);font-family:system-ui,sans-serif;color:#2a1f23">
      <p style="margin:0 0 8px;color:#a3123a;font-weight:700;letter-spacing:.06em;text-transform:uppercase;font-size:14px">Heart Notes · ${i + 1} / ${slides.length}</p>
      <h1 style="margin:0 0 14px;font-family:Georgia,serif;color:#4a1f33;font-size:30px;line-height:1.2">${esc(slide.title)}</h1>
      <p style="margin:0;font-size:19px;line-height:1.45">${esc(slide.text ?? '')}</p></body></html>`);
    await page.screenshot({ path: join(work, `slide-${String(i).padStart(3, '0')}.png`) });
  }
} finally {
  await browser.close();
}
writeFileSync(join(work, 'list.txt'), slides.map((_, i) => `file 'slide-${String(i).padStart(3, '0')}.png'\nduration 4`).join('\n') + `\nfile 'slide-${String(slides.length - 1).padStart(3, '0')}.png'\n`);
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', join(work, 'list.txt'), '-vf', 'fps=25,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-movflags', '+faststart', '-map_metadata', '-1', out], { stdio: 'inherit' });
rmSync(work, { recursive: true, force: true });
console.log(`wrote ${out}`);
