/**
 * The one toast area of every page (docs/product.md, "Shared layout"). It is empty in the HTML; islands fill it through
 * `toast()` in templates/lib/toast.ts. The list is a polite live region from the start, so screen
 * readers announce what is added to it; F8 moves focus here.
 */
export function ToastArea({ label = 'Notifications (F8)' }: { label?: string }) {
  return (
    <section className="toast-area" aria-label={label} tabIndex={-1} data-toast-area="">
      <ol className="toast-list" aria-live="polite" />
    </section>
  );
}
