export function wranglerRateLimits(): Record<
  string,
  { namespace_id: string; simple: { limit: number; period: 10 | 60 } }
>;
