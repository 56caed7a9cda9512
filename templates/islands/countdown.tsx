import { useEffect, useState } from 'react';

export interface CountdownProps {
  /** The deadline, an ISO date-time with an offset. */
  at: string;
  /** What the deadline is for, shown as the section heading. */
  label: string;
  /**
   * The deadline as text, formatted at build time. Formatting it in the island would risk a
   * hydration mismatch: Node's and the browser's ICU do not always agree on spaces and zones.
   */
  display?: string;
}

interface Parts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function split(ms: number): Parts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * A countdown to a real deadline. The server render (and the page without JavaScript) shows the
 * label and the date; the ticking boxes appear only after mount, since "now" is only known there.
 * The numbers are `aria-live="off"`; a visually hidden status changes at most once a minute.
 */
export default function Countdown({ at, label, display }: CountdownProps) {
  const deadline = Date.parse(at);
  // null until mounted: the first client render must equal the server render.
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = deadline - Date.now();
      setRemaining(left);
      if (left <= 0) return;
      // Wake up when the shown second changes, so the display never lags the clock.
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);

  const passed = remaining !== null && remaining <= 0;
  const parts = remaining === null ? null : split(remaining);
  const boxes: [string, string][] = parts
    ? [
        [String(parts.days), parts.days === 1 ? 'day' : 'days'],
        [pad(parts.hours), 'hours'],
        [pad(parts.minutes), 'minutes'],
        [pad(parts.seconds), 'seconds'],
      ]
    : [];
  const summary = !parts
    ? ''
    : passed
      ? 'This date has passed: order for the next occasion.'
      : `${parts.days} ${parts.days === 1 ? 'day' : 'days'}, ${parts.hours} ${parts.hours === 1 ? 'hour' : 'hours'} and ${parts.minutes} ${parts.minutes === 1 ? 'minute' : 'minutes'} left.`;

  return (
    <div className="deadline-countdown">
      <h2 id="deadline-heading">{label}</h2>
      <p>
        Deadline: <time dateTime={at}>{display ?? at}</time>
      </p>
      <div className="countdown-clock" data-state={parts ? (passed ? 'passed' : 'running') : 'pending'}>
        {parts ? (
          <>
            <p className={passed ? 'countdown-passed' : 'visually-hidden'} role="status">{summary}</p>
            <ol className="countdown-boxes" aria-live="off" aria-hidden="true">
              {boxes.map(([value, unit]) => (
                <li key={unit} className="countdown-box" data-unit={unit}>
                  <span className="countdown-value">{value}</span>
                  <span className="countdown-unit">{unit}</span>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </div>
    </div>
  );
}
