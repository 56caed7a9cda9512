import type { PathCommand } from 'opentype.js';

/**
 * A glyph outline to coverage (0–255), exactly by area: each edge adds its signed area to the
 * cells it crosses, and a running sum along each row gives the coverage (the accumulation
 * rasteriser of font-rs). Plain arithmetic on numbers, so a glyph's pixels depend on its outline
 * and size only: never on which other glyphs were drawn before it, on which thread, or on the
 * installed libvips.
 *
 * # Design decision
 * Glyphs were drawn by sharp (librsvg), all missing ones of a card in one SVG strip, and a glyph's
 * edge pixels depended on where in the strip it fell: its coordinates, written to 0.01 px, rounded
 * differently at each position, and with each glyph drawn at the origin and moved by a whole
 * pixel, one glyph in about 70 still differed (likely libvips rendering an SVG in tiles). So a card's bytes
 * depended on the cards drawn before it. Rejected: one sharp call per glyph (deterministic, but
 * about 1.5 ms a glyph, against 0.15–0.5 ms here with the outline's parsing included).
 */

/** Coverage of `commands` (closed contours, non-zero winding; opentype.js's, in pixels, y down) in a `width`×`height` box at the origin. */
export function rasterise(commands: PathCommand[], width: number, height: number): Uint8Array {
  const area = new Float64Array(width * height + 2);
  let [startX, startY, x, y] = [0, 0, 0, 0];
  const line = (tx: number, ty: number) => {
    addLine(area, width, height, x, y, tx, ty);
    [x, y] = [tx, ty];
  };
  for (const c of commands) {
    if (c.type === 'M') {
      if (x !== startX || y !== startY) line(startX, startY);
      [startX, startY, x, y] = [c.x!, c.y!, c.x!, c.y!];
    } else if (c.type === 'L') line(c.x!, c.y!);
    else if (c.type === 'Q') curve(x, y, [c.x1!, c.y1!, c.x1!, c.y1!, c.x!, c.y!], line, true);
    else if (c.type === 'C') curve(x, y, [c.x1!, c.y1!, c.x2!, c.y2!, c.x!, c.y!], line, false);
    else if (c.type === 'Z') line(startX, startY);
  }
  if (x !== startX || y !== startY) line(startX, startY);
  const alpha = new Uint8Array(width * height);
  let sum = 0;
  for (let i = 0; i < alpha.length; i++) {
    sum += area[i]!;
    alpha[i] = Math.round(Math.min(1, Math.abs(sum)) * 255);
  }
  return alpha;
}

/** Flattens a quadratic (control point given twice) or cubic curve into straight pieces of about a third of a pixel. */
function curve(x0: number, y0: number, p: number[], line: (x: number, y: number) => void, quadratic: boolean): void {
  const [x1, y1, x2, y2, x3, y3] = p as [number, number, number, number, number, number];
  const length = Math.hypot(x1 - x0, y1 - y0) + Math.hypot(x2 - x1, y2 - y1) + Math.hypot(x3 - x2, y3 - y2);
  const steps = Math.max(1, Math.min(64, Math.ceil(Math.sqrt(length) * 1.5)));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    if (quadratic) line(u * u * x0 + 2 * u * t * x1 + t * t * x3, u * u * y0 + 2 * u * t * y1 + t * t * y3);
    else line(u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3, u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3);
  }
}

/** Adds the signed area one edge covers to the cells of each row it crosses. */
function addLine(area: Float64Array, width: number, height: number, ax: number, ay: number, bx: number, by: number): void {
  if (ay === by) return;
  const dir = ay < by ? 1 : -1;
  const [x0, y0, x1, y1] = ay < by ? [ax, ay, bx, by] : [bx, by, ax, ay];
  const dxdy = (x1 - x0) / (y1 - y0);
  let x = y0 < 0 ? x0 - y0 * dxdy : x0;
  for (let row = Math.max(0, Math.floor(y0)); row < Math.min(height, Math.ceil(y1)); row++) {
    const dy = Math.min(row + 1, y1) - Math.max(row, y0);
    const next = x + dxdy * dy;
    const d = dy * dir;
    const [left, right] = x < next ? [x, next] : [next, x];
    const start = row * width;
    const leftCell = Math.floor(left);
    const rightCell = Math.ceil(right);
    if (leftCell < 0 || rightCell > width) return;
    if (rightCell <= leftCell + 1) {
      const middle = 0.5 * (x + next) - leftCell;
      area[start + leftCell]! += d - d * middle;
      area[start + leftCell + 1]! += d * middle;
    } else {
      const s = 1 / (right - left);
      const leftFraction = left - leftCell;
      const first = 0.5 * s * (1 - leftFraction) ** 2;
      const rightFraction = right - rightCell + 1;
      const last = 0.5 * s * rightFraction ** 2;
      area[start + leftCell]! += d * first;
      if (rightCell === leftCell + 2) area[start + leftCell + 1]! += d * (1 - first - last);
      else {
        const second = s * (1.5 - leftFraction);
        area[start + leftCell + 1]! += d * (second - first);
        for (let cell = leftCell + 2; cell < rightCell - 1; cell++) area[start + cell]! += d * s;
        const beforeLast = second + (rightCell - leftCell - 3) * s;
        area[start + rightCell - 1]! += d * (1 - beforeLast - last);
      }
      area[start + rightCell]! += d * last;
    }
    x = next;
  }
}
