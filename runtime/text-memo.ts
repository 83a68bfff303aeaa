// A verdict on a header's text, remembered: clients send the same few values over and over, and
// parsing them (Accept-Encoding) on every request costs more than the lookup. At most `max`
// values of at most `maxLength` characters are kept, so junk headers cannot grow it.
export function rememberByText<T>(decide: (text: string) => T, max = 256, maxLength = 256): (text: string) => T {
  const verdicts = new Map<string, T>();
  return (text) => {
    if (text.length > maxLength) return decide(text);
    let verdict = verdicts.get(text);
    if (verdict === undefined && !verdicts.has(text)) {
      verdict = decide(text);
      // Past `max` distinct values, start over rather than grow.
      if (verdicts.size >= max) verdicts.clear();
      verdicts.set(text, verdict);
    }
    return verdict as T;
  };
}
