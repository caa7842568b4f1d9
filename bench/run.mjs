// `npm run bench`: every benchmark, one after another. Each prints its own figures.
// BENCH_ONLY=group runs only bench/group.mjs; BENCH_ONLY=parley|floor only bench/latency.mjs;
// BENCH_ONLY=cost only bench/cost.mjs (the cost ledger); BENCH_ONLY=lighthouse only bench/lighthouse.mjs.
import { bin, run } from '../scripts/lib.mjs';

const ONLY = process.env.BENCH_ONLY;
// Always the Worker as the working tree has it: each benchmark alone builds only when dist/ is
// missing, and a stale build once measured code that had since changed.
const build = await run(bin('vite'), ['build']);
if (build.code !== 0) process.exit(build.code);
const codes = [];
if (!ONLY || ONLY === 'parley' || ONLY === 'floor') codes.push((await run(bin('node'), ['bench/latency.mjs'])).code);
if (!ONLY || ONLY === 'group') codes.push((await run(bin('node'), ['bench/group.mjs'])).code);
if (!ONLY || ONLY === 'cost') codes.push((await run(bin('node'), ['bench/cost.mjs'])).code);
if (!ONLY || ONLY === 'lighthouse') codes.push((await run(bin('node'), ['bench/lighthouse.mjs'])).code);
process.exit(Math.max(0, ...codes));
