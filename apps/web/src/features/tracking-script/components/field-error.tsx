/** The message under a field that failed validation; its id goes in the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  );
}

/** The aria-describedby of a field: its hint and, when it is wrong, its error. */
export function describedBy(id: string, error: string | undefined, hasHint = true): string | undefined {
  return [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}
