/** Messages by field path within one item (`title`, `details.0.text`). */
export type FieldErrors = Record<string, string>;

/** Length in characters as the owner counts them (code points, so an emoji is one). */
export function lengthOf(value: string): number {
  return [...value].length;
}

export type FieldRule = {
  required: boolean;
  max: number;
  /** Completes "Enter …": "a title", "the line, or remove it". */
  name: string;
};

/** Records at most one message for the field: required first, then the length. */
export function checkField(
  errors: FieldErrors,
  path: string,
  value: string,
  { required, max, name }: FieldRule,
): void {
  if (required && value.trim() === "") errors[path] = `Enter ${name}`;
  else if (lengthOf(value) > max) {
    errors[path] = `Use at most ${max} characters (now ${lengthOf(value)})`;
  }
}
