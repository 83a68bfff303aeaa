// A verdict on a header's text, remembered: clients send the same few values over and over, and
// parsing them (media types, Accept-Encoding) on every request costs more than the lookup.
export function rememberByText<T>(decide: (text: string) => T, max = 256): (text: string) => T {
  const verdicts = new Map<string, T>();
  return (text) => {
    let verdict = verdicts.get(text);
    if (verdict === undefined && !verdicts.has(text)) {
      verdict = decide(text);
      // Past `max` distinct values (someone sending junk), start over rather than grow.
      if (verdicts.size >= max) verdicts.clear();
      verdicts.set(text, verdict);
    }
    return verdict as T;
  };
}
