import sharp from 'sharp';

/**
 * The RGB colour of a PNG (a Playwright screenshot) at a point given as fractions of its width
 * and height: `pixelAt(png, 0.05, 0.5)` is near the middle of the left edge.
 */
export async function pixelAt(png: Buffer, fx: number, fy: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor(info.width * fx));
  const y = Math.min(info.height - 1, Math.floor(info.height * fy));
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

/** The mean luminance (0-255, Rec. 709 weights) of a PNG's pixels: how light a picture looks as a whole. */
export async function meanLuminance(png: Buffer): Promise<number> {
  const { channels } = await sharp(png).removeAlpha().stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
