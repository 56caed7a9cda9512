/**
 * The site's toasts (docs/product.md, "Shared layout"), framework-free so any island can raise one and pages without
 * islands carry none of it. Every page has one empty toast area (templates/components/toasts.tsx).
 * At most one toast shows, and a new one replaces it. A toast closes after 5000 ms, when it is
 * dismissed, on Escape, or when swiped 50 px to the right. Hovering or focusing it pauses the time,
 * and so does a hidden tab. F8 moves focus to the area.
 */

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** An optional button; the toast closes after its `onClick` runs. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
  /** The close button's accessible name, in the page's language (default "Dismiss notification"). */
  dismissLabel?: string;
}

export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

interface Current {
  el: HTMLLIElement;
  remaining: number;
  /** When the running countdown started, or undefined while paused. */
  since?: number;
  timer?: ReturnType<typeof setTimeout>;
}

// Islands are separate chunks, and each may bundle this module: a registered global keeps one state.
interface ToastState {
  current?: Current;
  hovered: boolean;
  focused: boolean;
  listening: boolean;
}
const KEY = Symbol.for('heartnotes.toasts');
const state = (): ToastState =>
  ((globalThis as Record<symbol, ToastState>)[KEY] ??= { hovered: false, focused: false, listening: false });

const area = () => document.querySelector<HTMLElement>('[data-toast-area]');

/** Shows a toast, replacing the one on screen. Returns a function that dismisses it. */
export function toast(options: ToastOptions): () => void {
  const s = state();
  const list = area()?.querySelector('ol');
  if (!list) return () => {};
  listen(s);
  if (s.current) remove(s, s.current, false);

  const el = document.createElement('li');
  el.className = options.variant === 'destructive' ? 'toast toast-destructive' : 'toast';
  // A failure interrupts; anything else waits its turn (the list itself is aria-live="polite").
  if (options.variant === 'destructive') el.setAttribute('role', 'alert');
  el.tabIndex = 0;
  const text = document.createElement('div');
  text.className = 'toast-text';
  text.append(paragraph('toast-title', options.title));
  if (options.description) text.append(paragraph('toast-description', options.description));
  el.append(text);
  const current: Current = { el, remaining: options.duration ?? TOAST_DURATION_MS };
  if (options.action) {
    const { label, onClick } = options.action;
    el.append(button('toast-action', label, undefined, () => {
      remove(s, current, true);
      onClick();
    }));
  }
  el.append(button('toast-close', '×', options.dismissLabel ?? 'Dismiss notification', () => remove(s, current, true)));
  swipeToDismiss(el, () => remove(s, current, true));

  list.append(el);
  s.current = current;
  sync(s);
  return () => remove(s, current, true);
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

function button(className: string, text: string, label: string | undefined, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  if (label) b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

/** Starts or stops the countdown to match whether anything pauses it. */
function sync(s: ToastState): void {
  const c = s.current;
  if (!c) return;
  const paused = s.hovered || s.focused || document.visibilityState === 'hidden';
  if (paused && c.since !== undefined) {
    clearTimeout(c.timer);
    c.remaining -= Date.now() - c.since;
    c.since = undefined;
  } else if (!paused && c.since === undefined) {
    c.since = Date.now();
    c.timer = setTimeout(() => remove(s, c, false), Math.max(0, c.remaining));
  }
}

function remove(s: ToastState, c: Current, byVisitor: boolean): void {
  clearTimeout(c.timer);
  if (s.current === c) s.current = undefined;
  const hadFocus = c.el.contains(document.activeElement);
  c.el.remove();
  s.hovered = false;
  // Keep the keyboard where it was rather than dropping it to the top of the page.
  if (hadFocus && byVisitor) area()?.focus();
  s.focused = area()?.contains(document.activeElement) ?? false;
}

/** A pointer drag to the right moves the toast; let go past 50 px and it is dismissed. */
function swipeToDismiss(el: HTMLElement, dismiss: () => void): void {
  let startX: number | undefined;
  let dx = 0;
  el.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('button')) return;
    startX = event.clientX;
    dx = 0;
    el.style.transition = 'none';
    el.setPointerCapture(event.pointerId);
  });
  el.addEventListener('pointermove', (event) => {
    if (startX === undefined) return;
    dx = Math.max(0, event.clientX - startX);
    el.style.transform = dx ? `translateX(${dx}px)` : '';
  });
  const end = () => {
    if (startX === undefined) return;
    startX = undefined;
    el.style.transition = '';
    if (dx >= SWIPE_THRESHOLD_PX) dismiss();
    else el.style.transform = '';
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointercancel', () => {
    dx = 0;
    end();
  });
}

/** Page-wide keys and pause triggers, installed once, when the first toast shows. */
function listen(s: ToastState): void {
  if (s.listening) return;
  s.listening = true;
  const region = area()!;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'F8') {
      event.preventDefault();
      region.focus();
    } else if (event.key === 'Escape' && s.current && !event.defaultPrevented) {
      remove(s, s.current, true);
    }
  });
  region.addEventListener('pointerover', (event) => {
    s.hovered = Boolean((event.target as Element).closest('.toast'));
    sync(s);
  });
  region.addEventListener('pointerleave', () => {
    s.hovered = false;
    sync(s);
  });
  region.addEventListener('focusin', (event) => {
    s.focused = Boolean((event.target as Element).closest('.toast'));
    sync(s);
  });
  region.addEventListener('focusout', (event) => {
    s.focused = Boolean((event.relatedTarget as Element | null)?.closest?.('.toast'));
    sync(s);
  });
  document.addEventListener('visibilitychange', () => sync(s));
}
