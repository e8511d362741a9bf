/** `make`'s value, made once, when first asked for. */
export function memo<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
