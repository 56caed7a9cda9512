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
