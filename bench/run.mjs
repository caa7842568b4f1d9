// `npm run bench`: every benchmark, one after another. Each prints its own figures.
import { run, bin } from '../scripts/lib.mjs';

await run(bin('node'), ['bench/latency.mjs']);
