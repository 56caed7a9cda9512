const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** `2025-01-05` → `January 5, 2025`. */
export const formatDate = (iso: string) => longDate.format(new Date(`${iso}T00:00:00Z`));
