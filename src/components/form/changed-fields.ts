/**
 * The PATCH body of an edit form: only the fields whose value differs from the resource's (the service refuses an
 * empty PATCH). A field the resource lacks compares as `[]` when the form holds a list, else as null. An undefined
 * value is never sent; where the resource has a value and the API cannot remove it, `onRemoved` says so (throws).
 */
export function changedFields<T extends object>(
  original: object,
  values: T,
  onRemoved?: (field: string) => void,
): Partial<T> {
  const before = original as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) {
      if (before[field] != null) onRemoved?.(field);
      continue;
    }
    if (JSON.stringify(value) !== JSON.stringify(before[field] ?? (Array.isArray(value) ? [] : null)))
      body[field] = value;
  }
  return body as Partial<T>;
}
