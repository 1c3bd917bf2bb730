/** Strength meter of the spec: additive score capped at 100; red < 40 <= yellow < 70 <= green. */
export type StrengthLevel = 'weak' | 'medium' | 'strong';

export function passwordStrength(password: string): { score: number; level: StrengthLevel } {
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].map((re) => re.test(password));
  const [upper, lower, digit, special] = classes;
  let score = 0;
  if (password.length >= 8) score += 20;
  if (password.length >= 12) score += 10;
  if (upper) score += 15;
  if (lower) score += 10;
  if (digit) score += 15;
  if (special) score += 20;
  if (classes.filter(Boolean).length >= 3) score += 10;
  score = Math.min(score, 100);
  const level: StrengthLevel = score < 40 ? 'weak' : score < 70 ? 'medium' : 'strong';
  return { score, level };
}
