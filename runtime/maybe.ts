// Values that are ready at once on the hot path (in-process counters, remembered results) and
// arrive later otherwise (Redis, an upstream call). Chaining them with `andThen` costs no promise
// or microtask when the value is already there.
export type Maybe<T> = T | Promise<T>;

export function andThen<T, U>(value: Maybe<T>, next: (v: T) => Maybe<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
