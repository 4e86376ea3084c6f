/** A field's error, right under it; the field names `id` in its `aria-describedby`. */
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-semibold text-danger">
      {error}
    </p>
  ) : null;
}
