import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/** docs/product.md ("Constants"): how often the "watched" text updates while the video plays. */
const PROGRESS_INTERVAL_MS = 1000;

export interface VideoPreviewProps {
  /** The local video file, e.g. /videos/wrapping.mp4. */
  src: string;
  poster: string;
  posterAlt: string;
  /** The player area; 640 × 360 by default (docs/product.md, "Constants"). */
  width?: number;
  height?: number;
}

const seconds = (n: number) => (Number.isFinite(n) ? Math.floor(n) : 0);

/**
 * A click-to-play video (docs/product.md, "Gift pages"). Server-rendered as a link to the file around the poster, so it
 * works without JavaScript. After hydration a click (or Enter / Space) swaps it for the browser's
 * own `<video>` player, the same size, with the same local file: no third-party player or request
 * at all. Focus moves to the player, and a quiet "x s of y s watched" line updates every second
 * while it plays.
 */
export default function VideoPreview({ src, poster, posterAlt, width = 640, height = 360 }: VideoPreviewProps) {
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
      <img src={poster} alt={posterAlt} width={width} height={height} loading="lazy" decoding="async" />
      <span className="play-label">▶ Play video</span>
    </a>
  );
}
