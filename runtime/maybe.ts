// Values that are ready at once on the hot path (in-process counters, remembered results) and
// arrive later otherwise (Redis, an upstream call). Chaining them with `andThen` costs no promise
// or microtask when the value is already there.
export type Maybe<T> = T | Promise<T>;

export function andThen<T, U>(value: Maybe<T>, next: (v: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `next` over `items` one after another (each waits for the one before); no promise when every value is there at once. */
export function inOrder<T, U>(items: readonly T[], next: (item: T, index: number) => Maybe<U>): Maybe<U[]> {
  const out: U[] = [];
  const from = (start: number): Maybe<U[]> => {
    for (let i = start; i < items.length; i++) {
      const value = next(items[i], i);
      if (value instanceof Promise) {
        return value.then((v) => {
          out.push(v);
          return from(i + 1);
        });
      }
      out.push(value);
    }
    return out;
  };
  return from(0);
}
