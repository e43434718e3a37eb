/** Edit distance, bounded: gives up (returns `max + 1`) once every path is longer than `max`. */
export function levenshtein(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `name` when it is similar enough (1 − distance / longer length ≥ `minScore`),
 * for PostgREST-style "Perhaps you meant …" hints. Long inputs get no hint.
 */
export function closest(name: string, candidates: Iterable<string>, minScore: number): string | undefined {
  if (name.length > 128) return undefined;
  let best: string | undefined;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const longer = Math.max(name.length, candidate.length) || 1;
    const allowed = Math.floor((1 - minScore) * longer);
    const distance = levenshtein(name, candidate, allowed);
    if (distance > allowed) continue;
    const score = 1 - distance / longer;
    if (score >= bestScore && (best === undefined || score > bestScore)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
