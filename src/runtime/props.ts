/**
 * Island props travel as JSON in a `data-props` attribute. Dates are written as
 * `{"$date": "2026-06-14T03:59:00.000Z"}` and come back as Date objects.
 */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

export function reviveProps(json: string): unknown {
  return JSON.parse(json, (_key, value) =>
    value && typeof value === 'object' && typeof value.$date === 'string' && Object.keys(value).length === 1 ? new Date(value.$date) : value,
  );
}
