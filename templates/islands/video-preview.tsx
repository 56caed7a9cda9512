import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ImageInfo } from '../../src/index.ts';
import { siteAddress } from '../lib/site-address.ts';

/** docs/product.md ("Constants"): how often the "watched" text updates while the video plays. */
const PROGRESS_INTERVAL_MS = 1000;

export interface VideoPreviewProps {
  /** The local video file, e.g. /videos/wrapping.mp4. */
  src: string;
  poster: string;
  posterAlt: string;
  /** The poster's processed files, when it is a raster image (see `imageInfo`). */
  posterImage?: ImageInfo;
  /** The player area; 640 × 360 by default (docs/product.md, "Constants"). */
  width?: number;
  height?: number;
}

/**
 * The poster: a <picture> of the processed files when it is a raster image, else a plain <img>.
 * The markup of the generator's `Picture`, written here because an island bundles what it imports
 * for the browser, and `Picture` comes with the public entry's server renderer (~200 KB).
 */
function Poster({ src, alt, width, height, image }: { src: string; alt: string; width: number; height: number; image?: ImageInfo }) {
  const lazy = { loading: 'lazy', decoding: 'async' } as const;
  if (!image) return <img src={src} alt={alt} width={width} height={height} {...lazy} />;
  const srcset = (format: string) => image.variants.filter((v) => v.format === format).map((v) => `${v.url} ${v.width}w`).join(', ');
  const formats = [...new Set(image.variants.map((v) => v.format))].filter((f) => f !== image.fallback);
  const fallback = image.variants.filter((v) => v.format === image.fallback).at(-1)!;
  const sizes = `${width}px`;
  return (
    <picture>
      {formats.map((f) => <source key={f} type={`image/${f}`} srcSet={srcset(f)} sizes={sizes} />)}
      <img src={fallback.url} srcSet={srcset(image.fallback)} sizes={sizes} alt={alt} width={image.width} height={image.height} {...lazy} />
    </picture>
  );
}

const seconds = (n: number) => (Number.isFinite(n) ? Math.floor(n) : 0);

/**
 * A click-to-play video (docs/product.md, "Gift pages"). Server-rendered as a link to the file around the poster, so it
 * works without JavaScript. After hydration a click (or Enter / Space) swaps it for the browser's
 * own `<video>` player, the same size, with the same local file: no third-party player or request
 * at all. Focus moves to the player, and a quiet "x s of y s watched" line updates every second
 * while it plays.
 */
export default function VideoPreview({ src: file, poster: posterFile, posterAlt, posterImage, width = 640, height = 360 }: VideoPreviewProps) {
  // The player made on a click is new markup: its addresses need the site's base path.
  const src = siteAddress(file);
  const poster = siteAddress(posterFile);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState({ current: 0, duration: 0 });
  const video = useRef<HTMLVideoElement>(null);
  const box = { aspectRatio: `${width} / ${height}`, maxWidth: width };

  useEffect(() => {
    const v = video.current;
    if (!playing || !v) return;
    v.focus();
    let timer: number | undefined;
    const update = () => setProgress({ current: seconds(v.currentTime), duration: seconds(v.duration) });
    const start = () => {
      update();
      window.clearInterval(timer);
      timer = window.setInterval(update, PROGRESS_INTERVAL_MS);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
      update();
    };
    v.addEventListener('loadedmetadata', update);
    v.addEventListener('playing', start);
    v.addEventListener('pause', stop);
    v.addEventListener('ended', stop);
    v.addEventListener('seeked', update);
    if (!v.paused) start();
    return () => {
      window.clearInterval(timer);
      v.removeEventListener('loadedmetadata', update);
      v.removeEventListener('playing', start);
      v.removeEventListener('pause', stop);
      v.removeEventListener('ended', stop);
      v.removeEventListener('seeked', update);
    };
  }, [playing]);

  if (playing) {
    return (
      <div className="video-player" style={box}>
        <video ref={video} src={src} poster={poster} width={width} height={height} controls autoPlay playsInline preload="auto">
          <a href={src}>Download the video</a>
        </video>
        <p className="video-progress" aria-live="off">
          {progress.current} s of {progress.duration} s watched
        </p>
      </div>
    );
  }

  const play = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setPlaying(true);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modifier and middle clicks keep the browser's behaviour: the file in a new tab or window.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    play(event);
  };
  // Enter on a link fires a click already; Space does not, and would scroll the page. Like a
  // native button, Space plays on key-up, so the key-up does not reach the new player (where it
  // would pause it again).
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ') event.preventDefault();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ') play(event);
  };

  return (
    <a className="video-preview" href={src} data-video-src={src} style={box} onClick={onClick} onKeyDown={onKeyDown} onKeyUp={onKeyUp}>
      <Poster src={poster} alt={posterAlt} width={width} height={height} image={posterImage} />
      <span className="play-label">▶ Play video</span>
    </a>
  );
}
