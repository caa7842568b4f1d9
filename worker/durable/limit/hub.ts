// LimitHub: the counters the rate-limiting binding cannot keep, one object per user (`user:<uid>`)
// or client address (`ip:<ip>`): a configurable spacing between actions (sendInterval,
// registerInterval) and daily quotas (uploads). A Durable Object runs one call at a time, so a
// burst of parallel requests is counted exactly: the check and the claim are one step.
import { DurableObject } from 'cloudflare:workers';

import { meterObject } from '../metered';

const DAY_MS = 86_400_000;

interface Daily {
  day: number;
  count: number;
  amount: number;
}

export class LimitHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, meterObject(ctx, env, 'LimitHub'));
  }

  /**
   * Claims `action` if its last claim is at least `intervalMs` old; otherwise answers how many
   * milliseconds remain (0 = claimed). The mark is stored, so an evicted object still knows it.
   */
  async claimInterval(action: string, intervalMs: number): Promise<number> {
    const now = Date.now();
    const last = this.ctx.storage.kv.get<number>(`interval:${action}`) ?? 0;
    const wait = last + intervalMs - now;
    if (wait > 0) return wait;
    this.ctx.storage.kv.put(`interval:${action}`, now);
    return 0;
  }

  /**
   * Claims one `action` of `amount` (bytes) for the current UTC day if neither the day's count nor
   * its total would pass its cap; otherwise answers the milliseconds until the day ends.
   */
  async claimDaily(action: string, amount: number, maxCount: number, maxAmount: number): Promise<number> {
    const now = Date.now();
    const day = Math.floor(now / DAY_MS);
    const stored = this.ctx.storage.kv.get<Daily>(`daily:${action}`);
    const today = stored?.day === day ? stored : { day, count: 0, amount: 0 };
    if (today.count + 1 > maxCount || today.amount + amount > maxAmount) return (day + 1) * DAY_MS - now;
    this.ctx.storage.kv.put(`daily:${action}`, {
      day,
      count: today.count + 1,
      amount: today.amount + amount,
    } satisfies Daily);
    return 0;
  }
}
